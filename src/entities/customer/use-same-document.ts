/**
 * The other customer on this device with the CPF or CNPJ in the form, live
 * (offline too). The document is looked up through the local search index
 * (a stored document is one word, so this is one index range), then
 * compared whole; nothing is read while the document is incomplete.
 */
import { useSyncDatabase } from '@sync/react/context';
import { useLive } from '@sync/react/use-live';
import { type LocalCustomer, readPage } from '@sync/react';
import type { CustomerFormValues } from './customer-form-values';
import { customerWithDocument, documentToCheck } from './same-document';

/** More than enough: a document is on one customer, or on a few already duplicated. */
const CANDIDATES = 20;

export function useSameDocumentCustomer(
  values: Pick<CustomerFormValues, 'type' | 'document'>,
  ownKey: string | null | undefined,
): LocalCustomer | undefined {
  const db = useSyncDatabase();
  const document = documentToCheck(values.type, values.document);
  const state = useLive(async () => {
    if (document === null) return undefined;
    const page = await readPage(db, 'customers', { search: document, pageSize: CANDIDATES });
    return customerWithDocument(page.rows as unknown as LocalCustomer[], document, ownKey);
  }, [db.name, document, ownKey ?? null]);
  return state.loading ? undefined : state.data;
}
