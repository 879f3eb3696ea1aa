/**
 * The quotation's commands (spec section 7), calls that are not a plain
 * write of the document:
 *
 * - `PUT api/quotation/{id}/status` `{ status, markAsSent }`: changes the
 *   status along the allowed transitions (QUOTATION_TRANSITIONS; 409 with a
 *   Portuguese message otherwise); `markAsSent: true` stamps `sent_at`.
 *   A change to the same status answers the record unchanged. Answers the
 *   quotation.
 * - `POST api/quotation/duplicate/{id}`: a copy with a new reference number,
 *   as a new Rascunho, not sent, with the caller as seller unless an
 *   administrator duplicates; the customer's name and phone taken again.
 *   Answers 201 with the copy.
 *
 * Both are idempotent through the Idempotency-Key plugin: a device that
 * lost the answer sends the same key and gets the stored answer (one copy,
 * one status change).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canChangeStatus, QUOTATION_MESSAGES, quotationSchema, quotationStatusInputSchema, statusChangeRefused } from '@sync/contract/quotations';
import { apiErrorSchema } from '@sync/contract/errors';
import { requireAuth } from '@server/auth/authenticate';
import type { AppContext, ZodApp } from '@server/app-context';
import { quotations } from '@server/db/schema';
import { HttpError, notFound } from '@server/http/errors';
import { idParam } from '@server/sync/crud-routes';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { QUOTATION_GUARDS } from './access';
import { assignReferenceNumber } from './crud';
import { loadQuotations } from './load';
import { customerSnapshot } from './values';

const params = z.object({ id: idParam });

export function registerQuotationCommands(app: ZodApp, ctx: AppContext) {
  app.put(
    '/api/quotation/:id/status',
    {
      onRequest: QUOTATION_GUARDS.write,
      schema: { params, body: quotationStatusInputSchema, response: { 200: quotationSchema, 409: apiErrorSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { status, markAsSent } = request.body;
      const now = writeTime(ctx.clock);
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update');
        if (!current) throw notFound(QUOTATION_MESSAGES.notFound);
        if (!canChangeStatus(current.status, status)) throw new HttpError(409, statusChangeRefused(current.status, status));
        if (current.status !== status || markAsSent) {
          await tx
            .update(quotations)
            .set({ status, ...(markAsSent ? { sent_at: now } : {}), updated_at: nextUpdatedAt(quotations.updated_at, now) } as never)
            .where(eq(quotations.id, id));
        }
        return (await loadQuotations(tx, [id]))[0]!;
      });
    },
  );

  app.post(
    '/api/quotation/duplicate/:id',
    { onRequest: QUOTATION_GUARDS.write, schema: { params, response: { 201: quotationSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const now = writeTime(ctx.clock);
      const copy = await ctx.db.transaction(async (tx) => {
        const [source] = await tx.select().from(quotations).where(eq(quotations.id, id));
        if (!source) throw notFound(QUOTATION_MESSAGES.notFound);
        const { id: _id, reference_no: _number, created_at: _created, updated_at: _updated, ...fields } = source;
        const [row] = await tx
          .insert(quotations)
          .values({
            ...fields,
            ...(await customerSnapshot(tx, source.customer_id)),
            status: 'open',
            sent_at: null,
            sent_mail_at: null,
            sent_whatsapp_at: null,
            created_by: sellerOfCopy(request, source.created_by),
            created_at: now,
            updated_at: now,
          })
          .returning({ id: quotations.id });
        await assignReferenceNumber(tx, row!.id, now);
        return (await loadQuotations(tx, [row!.id]))[0]!;
      });
      return reply.code(201).send(copy);
    },
  );
}

/** The copy's seller: the administrator keeps the original seller; anyone else becomes the seller. */
function sellerOfCopy(request: FastifyRequest, original: number | null): number | null {
  const auth = requireAuth(request);
  return auth.user.isAdmin ? original : auth.user.id;
}
