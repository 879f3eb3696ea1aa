/**
 * Customers (spec section 7): `GET api/customer/all/{skip}/{take}` with
 * `search`, `GET`/`PUT`/`DELETE api/customer/{id}` and `POST api/customer`,
 * built on the sync CRUD factory (If-Match, incremental pull with
 * `deleted_ids`, idempotent writes), with the customer-type scoping of
 * access.ts on every read.
 *
 * Writes check the document against the customer type (CPF for
 * individuals, CNPJ for companies; a PUT without `type` keeps the stored
 * one) and may carry the contact, and on create the first addresses.
 * Deleting a customer takes its addresses, contact, files (rows now, bytes
 * right after the commit) and user links with it.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customerInputSchema, customerSchema, CUSTOMER_MESSAGES, documentProblem, type Customer, type CustomerType } from '@sync/contract/customers';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { customerAddresses, customerFiles, customers, storedFiles } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { badRequest } from '@server/http/errors';
import { registerCrudRoutes } from '@server/sync/crud-routes';
import { assertCustomerHasNoQuotations } from '../quotations/customer-guard';
import { recordDeletions } from '@server/sync/deletions';
import { optionalValues } from '@server/sync/input';
import type { ListSource } from '@server/sync/list';
import { CUSTOMER_ACCESS, customerViewers, customerVisibility } from './access';
import { addressValues } from './addresses';
import { saveCustomerContact } from './contacts';
import { loadCustomers } from './load';
import { customerSearch } from './search';
import { text, TEXT_LIMITS } from '@sync/contract/fields';

type CustomerBody = z.output<typeof customerInputSchema>;

export const customerSource: ListSource<Customer> = { resource: 'customers', table: customers, load: loadCustomers };
/** deleted_records name of customer files (the file list's pull answers their deletions). */
export const CUSTOMER_FILES_RESOURCE = 'customer_files';

const filters = { search: text(TEXT_LIMITS.search).optional() };

/** Column values of a customer; 400 when the document does not fit the (new or stored) type. */
function customerValues(input: CustomerBody, current: Record<string, unknown> | null): Record<string, unknown> {
  const type: CustomerType = input.type ?? (current?.type as CustomerType | undefined) ?? 'individual';
  const document = input.document !== undefined ? input.document : ((current?.document as string | null | undefined) ?? null);
  const problem = documentProblem(type, document);
  if (problem) throw badRequest(problem, { document: [problem] });
  return {
    name: input.name,
    type,
    email: input.email,
    phone: input.phone,
    ...optionalValues(input, ['comment']),
    ...(input.document !== undefined ? { document: input.document } : {}),
  };
}

/** Removes a customer's files (rows now; returns the removal of their bytes, for after the commit). */
async function removeCustomerFiles(tx: Tx, storage: FileStore, customerId: number, now: Date): Promise<() => Promise<void>> {
  const rows = await tx
    .select({ attachmentId: customerFiles.id, fileId: storedFiles.id, key: storedFiles.storage_key })
    .from(customerFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, customerFiles.file_id))
    .where(eq(customerFiles.customer_id, customerId));
  for (const row of rows) await tx.delete(storedFiles).where(eq(storedFiles.id, row.fileId));
  await recordDeletions(
    tx,
    CUSTOMER_FILES_RESOURCE,
    rows.map((r) => r.attachmentId),
    now,
    await customerViewers(tx, customerId),
  );
  return async () => {
    for (const row of rows) await storage.remove(row.key);
  };
}

export function registerCustomerCrud(app: ZodApp, ctx: AppContext, storage: FileStore) {
  registerCrudRoutes(app, ctx, {
    ...customerSource,
    notFoundMessage: CUSTOMER_MESSAGES.notFound,
    access: CUSTOMER_ACCESS,
    visibility: customerVisibility,
    paths: {
      list: '/api/customer/all/:skip/:take',
      one: '/api/customer/:id',
      create: '/api/customer',
      update: '/api/customer/:id',
      delete: '/api/customer/:id',
    },
    schemas: { item: customerSchema, input: customerInputSchema as unknown as z.ZodType<CustomerBody>, filters },
    list: { search: [], where: (query) => customerSearch(query.search) },
    async values(_tx, input, current) {
      return customerValues(input, current);
    },
    async afterSave(tx, id, input, now, created) {
      await saveCustomerContact(tx, id, input.contact, now);
      if (!created || !input.addresses) return;
      for (const address of input.addresses) {
        const values = await addressValues(tx, id, address, null);
        await tx.insert(customerAddresses).values({ ...values, customer_id: id, created_at: now, updated_at: now } as never);
      }
    },
    async beforeDelete(tx, id, now) {
      await assertCustomerHasNoQuotations(tx, id);
      return removeCustomerFiles(tx, storage, id, now);
    },
  });
}
