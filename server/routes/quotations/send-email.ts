/**
 * `POST api/quotation/{id}/send/email` `{ message, email, quotation_id }`
 * (spec sections 7 and 8): e-mails the quotation's PDF (the one template,
 * rendered now from the server's data) with the message, through the mail
 * module, stamps `sent_mail_at` and answers 'Orçamento enviado com sucesso'.
 * It goes from the server's sender (`MAIL_FROM`, a no-reply address) with
 * the company's e-mail as Reply-To, so the customer's answer reaches the
 * consultancy.
 *
 * The message is the device's text (prefilled from `message_sendMessage`);
 * placeholders still in it are filled here ({orcamento} stays a placeholder
 * on a device that wrote it offline, before the number existed).
 *
 * Exactly once: the device sends it as an outbox command with one
 * Idempotency-Key across retries; the plugin stores this 200 and replays it,
 * so a retry after a lost answer sends nothing more, and a retry arriving
 * while the first is still sending waits for it. A failed send answers 502
 * (not stored), so the retry sends it. The e-mail goes before the stamp: a
 * crash between the two can only lose the stamp, never add an e-mail.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES, quotationEmailAnswerSchema, quotationEmailInputSchema } from '@sync/contract/quotation-send';
import { toCents } from '@/domain/money';
import type { AppContext, ZodApp } from '@server/app-context';
import { quotations } from '@server/db/schema';
import { fileStoreOf } from '@server/files/open-file-store';
import { HttpError, notFound } from '@server/http/errors';
import type { MailMessage } from '@server/mail/mailer';
import { renderQuotationInWorker } from '@server/pdf/pdf-worker';
import { quotationPdfInputOf } from '@server/pdf/quotation-pdf';
import { idParam } from '@server/sync/crud-routes';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { QUOTATION_ACCESS } from './access';
import { loadQuotations } from './load';
import { fillSendMessage } from './send-message';
import { requireAuth } from '@server/auth/authenticate';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The company's e-mail (Configurações › Dados da empresa) as the Reply-To:
 * the message goes from the server's no-reply sender, and the customer's
 * answer must reach the consultancy. Nothing when it is not an address.
 */
function companyReplyTo(email: string | undefined): string | undefined {
  const address = email?.trim() ?? '';
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(address) ? address : undefined;
}

function quotationEmail(input: {
  to: string;
  replyTo: string | undefined;
  subject: string;
  message: string;
  fileName: string;
  pdf: Buffer;
}): MailMessage {
  const body = input.message.trim();
  const html = body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    text: `${body}\n`,
    html,
    attachments: [{ filename: input.fileName, content: input.pdf, contentType: 'application/pdf' }],
  };
}

export function registerQuotationSendEmail(app: ZodApp, ctx: AppContext) {
  // Where the company logo's bytes are (the attached PDF prints it).
  const storage = fileStoreOf(ctx.config.files);
  app.post(
    '/api/quotation/:id/send/email',
    {
      config: { access: QUOTATION_ACCESS.write },
      schema: { params: z.object({ id: idParam }), body: quotationEmailInputSchema, response: { 200: quotationEmailAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const [quotation] = await loadQuotations(ctx.db, [id]);
      if (!quotation) throw notFound(QUOTATION_MESSAGES.notFound);
      await ctx.limits.mailPerUser.take(requireAuth(request).user.id);
      const input = await quotationPdfInputOf(ctx.db, quotation, storage);
      const pdf = await renderQuotationInWorker(input);
      const company = input.settings;
      const message = quotationEmail({
        to: request.body.email,
        replyTo: companyReplyTo(company.company_email),
        subject: QUOTATION_SEND_MESSAGES.emailSubject(quotation.reference_no, company.company_name ?? ''),
        message: fillSendMessage(request.body.message, input, toCents(quotation.total) ?? 0),
        fileName: QUOTATION_SEND_MESSAGES.fileName(quotation.reference_no),
        pdf,
      });
      try {
        await ctx.mailer.send(message);
      } catch (err) {
        request.log.error({ err, quotationId: id }, 'quotation e-mail not sent');
        throw new HttpError(502, QUOTATION_SEND_MESSAGES.sendFailed);
      }
      const now = writeTime(ctx.clock);
      await ctx.db
        .update(quotations)
        .set({ sent_mail_at: now, updated_at: nextUpdatedAt(quotations.updated_at, now) } as never)
        .where(eq(quotations.id, id));
      return { message: QUOTATION_SEND_MESSAGES.sent };
    },
  );
}
