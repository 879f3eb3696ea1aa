/**
 * A customer that has quotations cannot be deleted: its delete answers 409
 * with a Portuguese message, before the database's `restrict` would turn
 * it into a 500. The customer routes call this before deleting.
 */
import { eq } from 'drizzle-orm';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import type { Tx } from '@server/db/client';
import { quotations } from '@server/db/schema';
import { HttpError } from '@server/http/errors';

export async function assertCustomerHasNoQuotations(tx: Tx, customerId: number): Promise<void> {
  const [quotation] = await tx.select({ id: quotations.id }).from(quotations).where(eq(quotations.customer_id, customerId)).limit(1);
  if (quotation) throw new HttpError(409, QUOTATION_MESSAGES.customerHasQuotations);
}
