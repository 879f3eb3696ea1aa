/**
 * Who may call the quotation calls (spec section 6 leaves server-side
 * enforcement open; docs/decisions/quotations-documents-commands.md, and
 * docs/access-model.md): every call needs the `quotations` module
 * (administrators always pass). Customer-type users whose role grants the
 * module read only the quotations of their linked customers (list, search,
 * pull, one record, PDF, deleted ids) and never write. Only an
 * administrator chooses the seller (values.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { READ_ACCESS } from '@sync/contract/access';
import { access } from '@server/auth/access';
import { requireAuth } from '@server/auth/authenticate';
import { assertCustomerInScope, customerScope, customerScopeFilter, deletionViewer } from '@server/auth/permissions';
import type { Tx } from '@server/db/client';
import { quotations, userCustomers } from '@server/db/schema';

export const QUOTATION_ACCESS = {
  read: access.readRule(READ_ACCESS.quotations, 'read-own'),
  /** Writes: the module; customer-type users are told they only read. */
  write: access.module('quotations', { customerUsers: 'read-own' }),
} as const;

/** The users linked to the quotation's customer: those who may see it besides the office. */
async function quotationViewers(tx: Tx, quotationId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: userCustomers.user_id })
    .from(quotations)
    .innerJoin(userCustomers, eq(userCustomers.customer_id, quotations.customer_id))
    .where(eq(quotations.id, quotationId));
  return rows.map((r) => r.id);
}

/** The quotations narrowed to what the caller may read, deleted ids included. */
export const quotationVisibility = {
  where: (request: FastifyRequest) => customerScopeFilter(customerScope(requireAuth(request)), quotations.customer_id),
  assertOne: (request: FastifyRequest, _id: number, record: { customer_id: number } | undefined) => {
    if (record) assertCustomerInScope(requireAuth(request), record.customer_id);
  },
  viewer: deletionViewer,
  viewersOf: quotationViewers,
};
