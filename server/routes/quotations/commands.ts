/**
 * The quotation's commands (spec section 7), calls that are not a plain
 * write of the document:
 *
 * - `PUT api/quotation/{id}/status` `{ status, markAsSent }`: changes the
 *   status along the allowed transitions (QUOTATION_TRANSITIONS; 409 with a
 *   Portuguese message otherwise); `markAsSent: true` stamps `sent_at`.
 *   A change to the same status answers the record unchanged. Answers the
 *   quotation. With `If-Match` (the `updated_at` the device last saw), a
 *   quotation changed since answers 409 `{ message, current }` and nothing
 *   changes, like every PUT (server/sync/versioning.ts); without it, the
 *   change applies to whatever version is there.
 * - `POST api/quotation/duplicate/{id}`: a copy with a new reference number,
 *   as a new Rascunho, not sent, with the caller as seller unless an
 *   administrator duplicates; the customer's name and phone taken again;
 *   its lines are new lines (new `row_id`s). Answers 201 with the copy.
 *
 * Both are idempotent through the Idempotency-Key plugin: a device that
 * lost the answer sends the same key and gets the stored answer (one copy,
 * one status change), kept in the write's own transaction, so also after a
 * crash between the commit and the answer (server/sync/idempotent-answer.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  canChangeStatus,
  QUOTATION_MESSAGES,
  quotationSchema,
  quotationStatusInputSchema,
  statusChangeRefused,
  withNewRowIds,
} from '@sync/contract/quotations';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { requireAuth } from '@server/auth/authenticate';
import type { AppContext, ZodApp } from '@server/app-context';
import { quotations } from '@server/db/schema';
import { HttpError, notFound } from '@server/http/errors';
import { alertQuotationStatus } from '@server/routes/dashboard/alert-events';
import { idParam } from '@server/sync/crud-routes';
import { keepAnswer, sendKept } from '@server/sync/idempotent-answer';
import { conflictAnswerSchema } from '@server/sync/conflict';
import { atVersion, ifMatchOf, nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { QUOTATION_ACCESS } from './access';
import { assignReferenceNumber } from './crud';
import { loadQuotations } from './load';
import { customerSnapshot } from './values';

const params = z.object({ id: idParam });

export function registerQuotationCommands(app: ZodApp, ctx: AppContext) {
  app.put(
    '/api/quotation/:id/status',
    {
      config: { access: QUOTATION_ACCESS.write },
      schema: { params, body: quotationStatusInputSchema, response: { 200: quotationSchema, 409: conflictAnswerSchema(quotationSchema) } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status, markAsSent } = request.body;
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update');
        if (!current) throw notFound(QUOTATION_MESSAGES.notFound);
        // Locked: the version cannot move between this check and the write.
        if (version && current.updated_at.getTime() !== version.getTime()) {
          return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: (await loadQuotations(tx, [id]))[0]! });
        }
        if (!canChangeStatus(current.status, status)) throw new HttpError(409, statusChangeRefused(current.status, status));
        if (current.status !== status || markAsSent) {
          await tx
            .update(quotations)
            .set({ status, ...(markAsSent ? { sent_at: now } : {}), updated_at: nextUpdatedAt(quotations.updated_at, now) } as never)
            .where(atVersion(quotations.id, id, quotations.updated_at, version));
        }
        await alertQuotationStatus(tx, current, status, requireAuth(request).user.id, now);
        return keepAnswer(tx, request, reply, 200, (await loadQuotations(tx, [id]))[0]!);
      });
      return sendKept(reply, kept);
    },
  );

  app.post(
    '/api/quotation/duplicate/:id',
    { config: { access: QUOTATION_ACCESS.write }, schema: { params, response: { 201: quotationSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        const [source] = await tx.select().from(quotations).where(eq(quotations.id, id));
        if (!source) throw notFound(QUOTATION_MESSAGES.notFound);
        const { id: _id, reference_no: _number, created_at: _created, updated_at: _updated, ...fields } = source;
        const [row] = await tx
          .insert(quotations)
          .values({
            ...fields,
            rows: withNewRowIds(source.rows),
            services: withNewRowIds(source.services),
            costs: withNewRowIds(source.costs),
            equipments: withNewRowIds(source.equipments),
            deadlines: withNewRowIds(source.deadlines),
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
        return keepAnswer(tx, request, reply, 201, (await loadQuotations(tx, [row!.id]))[0]!);
      });
      return sendKept(reply, kept);
    },
  );
}

/** The copy's seller: the administrator keeps the original seller; anyone else becomes the seller. */
function sellerOfCopy(request: FastifyRequest, original: number | null): number | null {
  const auth = requireAuth(request);
  return auth.user.isAdmin ? original : auth.user.id;
}
