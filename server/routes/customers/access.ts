/**
 * Who may call the customer calls (spec sections 2 and 6; server-side
 * enforcement decided in docs/decisions/customers-server.md):
 *
 * - every call needs the `customers` module (administrators always pass);
 * - customer-type users (role slug 'cliente') read only their linked
 *   customers, with their addresses, contact and files (list, one, file
 *   list, download, zip); anything else answers 403, which sends the PWA
 *   through its customer redirect;
 * - customer-type users never write (403 'Usuários do tipo cliente não
 *   podem alterar dados de clientes.').
 *
 * Routes outside the CRUD factory say `config: CUSTOMER_READ`,
 * `CUSTOMER_READ_BY_POST` or `CUSTOMER_WRITE` (server/auth/access.ts; the
 * permissions plugin enforces them) and narrow reads of one customer with
 * `assertCustomerReadable`.
 *
 * Deleted ids are narrowed the same way: a customer's or a file's deletion
 * is written as visible to the users linked to that customer at that moment
 * (`customerViewers`), and a customer-type user's pull answers only those
 * (`deletionViewer`); everyone else reads every customer, so every id.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { READ_ACCESS } from '@sync/contract/access';
import { access } from '@server/auth/access';
import { requireAuth } from '@server/auth/authenticate';
import { assertCustomerInScope, customerScope, customerScopeFilter, deletionViewer } from '@server/auth/permissions';
import type { Tx } from '@server/db/client';
import { customers, userCustomers } from '@server/db/schema';

export const CUSTOMER_ACCESS = {
  /** Reads: the module; customer-type users their own customers (the handlers check the scope). */
  read: access.readRule(READ_ACCESS.customers, 'read-own'),
  /** Writes: the module; customer-type users are told they only read (403 'Usuários do tipo cliente não podem alterar…'). */
  write: access.module('customers', { customerUsers: 'read-own' }),
} as const;

/** Route configs of the calls outside the CRUD factory. */
export const CUSTOMER_READ = { access: CUSTOMER_ACCESS.read };
export const CUSTOMER_WRITE = { access: CUSTOMER_ACCESS.write };
/** The zip of chosen files: a POST that only reads. */
export const CUSTOMER_READ_BY_POST = { access: access.module('customers', { customerUsers: 'read-own', changesNothing: true }) };

/** 403 unless the caller may read this customer. */
export function assertCustomerReadable(request: FastifyRequest, customerId: number, _record?: unknown): void {
  assertCustomerInScope(requireAuth(request), customerId);
}

/** The users linked to a customer: those who may see it and its files besides the office. */
export async function customerViewers(tx: Tx, customerId: number): Promise<number[]> {
  const rows = await tx.select({ id: userCustomers.user_id }).from(userCustomers).where(eq(userCustomers.customer_id, customerId));
  return rows.map((r) => r.id);
}

/** The customers list narrowed to what the caller may read, deleted ids included. */
export const customerVisibility = {
  where: (request: FastifyRequest) => customerScopeFilter(customerScope(requireAuth(request)), customers.id),
  assertOne: assertCustomerReadable,
  viewer: deletionViewer,
  viewersOf: customerViewers,
};
