/**
 * `POST api/quotation/{id}/send/whatsapp` `{ message, phone, quotation_id }`
 * (spec section 7): answers the wa.me link the device opens in a new tab
 * (`whatsappLink`, the same function the device uses offline), and stamps
 * `sent_whatsapp_at`. Placeholders still in the message are filled first.
 * A phone that cannot be a WhatsApp number (the contract's rule: digits and
 * a mask's characters only, a Brazilian number of 10 to 13 digits, 55 in
 * front optional) answers 400 with the field's message; the link is made
 * from its digits. Idempotent through the Idempotency-Key like every write.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES, quotationWhatsappAnswerSchema, quotationWhatsappInputSchema } from '@sync/contract/quotation-send';
import { toCents } from '@/domain/money';
import { whatsappLink } from '@/domain/whatsapp-link';
import type { AppContext, ZodApp } from '@server/app-context';
import { quotations } from '@server/db/schema';
import { badRequest, notFound } from '@server/http/errors';
import { quotationPdfInputOf } from '@server/pdf/quotation-pdf';
import { idParam } from '@server/sync/crud-routes';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { QUOTATION_ACCESS } from './access';
import { loadQuotations } from './load';
import { fillSendMessage } from './send-message';

export function registerQuotationSendWhatsapp(app: ZodApp, ctx: AppContext) {
  app.post(
    '/api/quotation/:id/send/whatsapp',
    {
      config: { access: QUOTATION_ACCESS.write },
      schema: { params: z.object({ id: idParam }), body: quotationWhatsappInputSchema, response: { 200: quotationWhatsappAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const [quotation] = await loadQuotations(ctx.db, [id]);
      if (!quotation) throw notFound(QUOTATION_MESSAGES.notFound);
      const input = await quotationPdfInputOf(ctx.db, quotation);
      const link = whatsappLink(request.body.phone, fillSendMessage(request.body.message, input, toCents(quotation.total) ?? 0));
      if (link === null) throw badRequest(QUOTATION_SEND_MESSAGES.phoneInvalid, { phone: [QUOTATION_SEND_MESSAGES.phoneInvalid] });
      const now = writeTime(ctx.clock);
      await ctx.db
        .update(quotations)
        .set({ sent_whatsapp_at: now, updated_at: nextUpdatedAt(quotations.updated_at, now) } as never)
        .where(eq(quotations.id, id));
      return { message: QUOTATION_SEND_MESSAGES.sent, link };
    },
  );
}
