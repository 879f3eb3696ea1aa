/**
 * `POST api/customer/{customerId}/send/email {message, email}` (spec
 * section 7): e-mails the customer that new files are available, through
 * the mail module, and answers 'Notificação de novos arquivos enviada com
 * sucesso'. A blank message uses the template setting; a blank e-mail goes
 * to the customer's e-mail, else its contact's. The mail is sent before the
 * answer, so a failure is reported (502) and, not being stored by the
 * Idempotency-Key, can be retried; a replayed key never sends twice.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CUSTOMER_MESSAGES, messageResponseSchema, sendFilesEmailInputSchema } from '@sync/contract/customers';
import type { AppContext, ZodApp } from '@server/app-context';
import { options } from '@server/db/schema';
import { defaultSettings } from '@server/db/seed/default-settings';
import { badRequest, HttpError, notFound } from '@server/http/errors';
import { idParam } from '@server/sync/crud-routes';
import { CUSTOMER_WRITE } from './access';
import { loadCustomers } from './load';
import { customerPageLink, fillCustomerPlaceholders, NEW_FILES_TEMPLATE_OPTION, newFilesEmail } from './new-files-email';
import { requireAuth } from '@server/auth/authenticate';

async function template(ctx: AppContext): Promise<string> {
  const [row] = await ctx.db.select({ value: options.value }).from(options).where(eq(options.option, NEW_FILES_TEMPLATE_OPTION));
  if (row && row.value.trim() !== '') return row.value;
  return defaultSettings().find((s) => s.option === NEW_FILES_TEMPLATE_OPTION)?.value ?? '';
}

export function registerNotifyRoute(app: ZodApp, ctx: AppContext) {
  app.post(
    '/api/customer/:id/send/email',
    {
      config: CUSTOMER_WRITE,
      schema: { params: z.object({ id: idParam }), body: sendFilesEmailInputSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const [customer] = await loadCustomers(ctx.db, [request.params.id]);
      if (!customer) throw notFound(CUSTOMER_MESSAGES.notFound);
      const to = request.body.email || customer.email || customer.contact?.email;
      if (!to) throw badRequest(CUSTOMER_MESSAGES.emailRequired, { email: [CUSTOMER_MESSAGES.emailRequired] });
      await ctx.limits.mailPerUser.take(requireAuth(request).user.id);
      const written = request.body.message?.trim() ? request.body.message : await template(ctx);
      const message = newFilesEmail({
        to,
        customer,
        message: fillCustomerPlaceholders(written, customer),
        link: customerPageLink(ctx.config.publicUrl, customer.id),
      });
      try {
        await ctx.mailer.send(message);
      } catch (err) {
        request.log.error({ err, customerId: customer.id }, 'new files e-mail not sent');
        throw new HttpError(502, CUSTOMER_MESSAGES.notificationFailed);
      }
      return { message: CUSTOMER_MESSAGES.notificationSent };
    },
  );
}
