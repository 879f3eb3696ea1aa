/**
 * Who may call the sample calls (spec section 6 leaves server-side
 * enforcement open; docs/decisions/samples-plan-and-page.md): every call needs
 * the `samples` module (administrators always pass); customer-type users
 * read only the samples of their linked customers (lists, one, files,
 * deleted ids) and never write.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { READ_ACCESS } from '@sync/contract/access';
import { access } from '@server/auth/access';
import { requireAuth } from '@server/auth/authenticate';
import { assertCustomerInScope, customerScope, customerScopeFilter, deletionViewer } from '@server/auth/permissions';
import type { Db, Tx } from '@server/db/client';
import { samples, userCustomers } from '@server/db/schema';

export const SAMPLE_ACCESS = {
  /** Reads: the module; customer-type users their own customers' samples (the handlers narrow). */
  read: access.readRule(READ_ACCESS.samples, 'read-own'),
  /** Writes: the module; customer-type users are told they only read (403 'Usuários do tipo cliente não podem alterar…'). */
  write: access.module('samples', { customerUsers: 'read-own' }),
} as const;

/** Route configs of the calls outside the CRUD factory. */
export const SAMPLE_READ = { access: SAMPLE_ACCESS.read };
export const SAMPLE_WRITE = { access: SAMPLE_ACCESS.write };

/** 403 unless the caller may read samples of this customer. */
export function assertSampleCustomer(request: FastifyRequest, customerId: number): void {
  assertCustomerInScope(requireAuth(request), customerId);
}

async function customerOfSample(db: Db | Tx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ customer_id: samples.customer_id }).from(samples).where(eq(samples.id, id));
  return row?.customer_id;
}

/** The users linked to the sample's customer: those who may see it besides the office. */
export async function sampleViewers(tx: Tx, sampleId: number): Promise<number[]> {
  const customerId = await customerOfSample(tx, sampleId);
  if (customerId === undefined) return [];
  const rows = await tx.select({ id: userCustomers.user_id }).from(userCustomers).where(eq(userCustomers.customer_id, customerId));
  return rows.map((r) => r.id);
}

/**
 * The samples lists narrowed to what the caller may read, deleted ids
 * included. One sample is read by its own route (crud.ts), which checks the
 * loaded sample's customer, so `assertOne` has nothing to check here.
 */
export const sampleVisibility = {
  where: (request: FastifyRequest) => customerScopeFilter(customerScope(requireAuth(request)), samples.customer_id),
  assertOne: (_request: FastifyRequest, _id: number) => undefined,
  viewer: deletionViewer,
  viewersOf: sampleViewers,
};
