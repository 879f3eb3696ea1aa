/**
 * Another customer with the CPF or CNPJ being typed (issue 8: the same
 * document could be saved on several customers with no warning). Pure: the
 * hook reads the candidates from the local store, these decide which one
 * counts. Only a complete, valid document is checked, so a half-typed one
 * never warns.
 */
import { documentProblem, normalizeDocument, type CustomerType } from '@sync/contract/customers';
import type { LocalCustomer } from '@sync/react';
import type { CustomerFields } from './customer-form-values';

/** The stored form of the typed document when it is complete and valid for the type, else null. */
export function documentToCheck(type: CustomerType, masked: string): string | null {
  const document = normalizeDocument(masked);
  if (document === '' || documentProblem(type, document) !== null) return null;
  return document;
}

/** The first other customer (not `ownKey`) holding `document`. */
export function customerWithDocument(
  candidates: readonly LocalCustomer[],
  document: string | null,
  ownKey: string | null | undefined,
): LocalCustomer | undefined {
  if (document === null) return undefined;
  return candidates.find((customer) => customer.key !== ownKey && customer.document === document);
}

/** What a save of the existing customer would have written: the modal hands it back like a new one. */
export function customerFieldsOf(customer: LocalCustomer): CustomerFields {
  const contact = customer.contact;
  return {
    name: customer.name,
    type: customer.type,
    document: customer.document ?? null,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    comment: customer.comment ?? null,
    contact: contact ? { name: contact.name, email: contact.email, phone: contact.phone } : null,
  };
}
