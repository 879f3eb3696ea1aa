/**
 * A quotation that has samples cannot be deleted: its delete answers 409
 * with the message the device shows for the same refusal
 * (sync/store/registry/samples.ts), before the database's `restrict` would
 * turn it into a 500.
 */
import { eq } from 'drizzle-orm';
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import type { Tx } from '@server/db/client';
import { samples } from '@server/db/schema';
import { HttpError } from '@server/http/errors';

export async function assertQuotationHasNoSamples(tx: Tx, quotationId: number): Promise<void> {
  const [sample] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.quotation_id, quotationId)).limit(1);
  if (sample) throw new HttpError(409, SAMPLE_MESSAGES.quotationHasSamples);
}
