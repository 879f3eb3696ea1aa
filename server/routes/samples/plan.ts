/**
 * `POST api/sample/quotation` {quotationId}: the sampling plan of an
 * approved quotation (spec sections 4 and 7): one sample per unit of
 * quantity of each agent row, typed by the agent's type, numbered in row
 * order (`plannedSamples`, the same function the devices use), linked to
 * the quotation, its row (by `row_id`) and its customer, starting with the
 * row's sector, function and agent. Answers the updated quotation
 * (`able_create_sample` false, `sample_count` set).
 *
 * One plan per quotation: a quotation that already has samples answers 409
 * 'Este orçamento já tem um plano de amostragem.' and creates nothing; the
 * plan's slots are unique, so samples a device made offline for the same
 * slots become these (docs/decisions/samples-plan-and-page.md).
 */
import { count, eq } from 'drizzle-orm';
import { settleLineIds } from '../quotations/row-ids';
import { quotationSchema, type Quotation } from '@sync/contract/quotations';
import { plannedSamples, SAMPLE_MESSAGES, samplePlanInputSchema } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { quotations, samples } from '@server/db/schema';
import { HttpError, notFound } from '@server/http/errors';
import { writeTime } from '@server/sync/versioning';
import { loadQuotations } from '../quotations/load';
import { SAMPLE_WRITE } from './access';
import { bumpQuotation } from './crud';
import { companyOf, lockQuotation } from './values';

/** Creates the plan inside the caller's transaction; throws 404/409 as the call answers. */
export async function createSamplingPlan(tx: Tx, quotationId: number, now: Date): Promise<number> {
  const quotation = await lockQuotation(tx, quotationId);
  if (!quotation) throw notFound(SAMPLE_MESSAGES.quotationNotFound);
  if (quotation.status !== 'approved') throw new HttpError(409, SAMPLE_MESSAGES.quotationNotApproved);
  const [existing] = await tx.select({ n: count() }).from(samples).where(eq(samples.quotation_id, quotationId));
  if ((existing?.n ?? 0) > 0) throw new HttpError(409, SAMPLE_MESSAGES.planExists);
  // Every row has its id (writes and migration 0007 give them); a row stored without one gets it now.
  const rows = settleLineIds('rows', quotation.rows);
  if (rows.some((row, index) => row.row_id !== quotation.rows[index]?.row_id)) {
    await tx.update(quotations).set({ rows }).where(eq(quotations.id, quotation.id));
  }
  const planned = plannedSamples(rows);
  if (planned.length === 0) throw new HttpError(409, SAMPLE_MESSAGES.planEmpty);
  const company = await companyOf(tx, quotation.customer_id);
  await tx.insert(samples).values(
    planned.map((sample) => ({
      ...sample,
      quotation_row_id: String(sample.quotation_row_id),
      quotation_id: quotation.id,
      customer_id: quotation.customer_id,
      ...company,
      created_at: now,
      updated_at: now,
    })),
  );
  await bumpQuotation(tx, quotation.id, now);
  return planned.length;
}

export function registerSamplePlan(app: ZodApp, ctx: AppContext) {
  app.post(
    '/api/sample/quotation',
    { config: SAMPLE_WRITE, schema: { body: samplePlanInputSchema, response: { 200: quotationSchema } } },
    async (request): Promise<Quotation> => {
      const now = writeTime(ctx.clock);
      return ctx.db.transaction(async (tx) => {
        await createSamplingPlan(tx, request.body.quotationId, now);
        const [quotation] = await loadQuotations(tx, [request.body.quotationId]);
        return quotation!;
      });
    },
  );
}
