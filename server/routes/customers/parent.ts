/**
 * A customer as the parent of its addresses, contact and files
 * (docs/sync-protocol.md, "Child lines"): child writes lock the customer
 * row, so writes to one customer's children run one at a time, and move its
 * `updated_at`, so a pull of customers brings the new embedded lists.
 */
import { eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES } from '@sync/contract/customers';
import type { Db, Tx } from '@server/db/client';
import { customers } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import { nextUpdatedAt } from '@server/sync/versioning';

/** Locks the customer until the transaction ends; 404 when it does not exist. */
export async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  if (!found) throw notFound(CUSTOMER_MESSAGES.notFound);
}

/** 404 when the customer does not exist (reads, and uploads before they take the bytes). */
export async function assertCustomerExists(db: Db | Tx, customerId: number): Promise<void> {
  const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!found) throw notFound(CUSTOMER_MESSAGES.notFound);
}

/** Moves the customer's `updated_at` forward: one of its children changed. */
export async function bumpCustomer(tx: Tx, customerId: number, now: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ updated_at: nextUpdatedAt(customers.updated_at, now) })
    .where(eq(customers.id, customerId));
}
