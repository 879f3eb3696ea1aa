/**
 * Filling a message template (the message_* settings) with a customer's
 * data: {cliente}, {contato} (the contact's name, else the customer's),
 * {tipo_documento} ('CPF' or 'CNPJ') and {documento} (masked). The
 * quotation's placeholders ({total}, {total_extenso}, {orcamento}) become
 * empty here. Shared by the server (the e-mail it sends) and the screens
 * (the message shown for editing), so both fill the same way.
 */
import { maskDocument } from '@/domain/masks';
import type { CustomerType } from './customers';
import { MESSAGE_PLACEHOLDERS as P } from './settings';

export interface PlaceholderCustomer {
  name: string;
  type: CustomerType;
  /** Digits (or the alphanumeric CNPJ) as stored. */
  document: string | null;
  contactName: string | null;
}

/** Replaces every occurrence of each placeholder by its value. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return Object.entries(values).reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template);
}

export function fillCustomerPlaceholders(template: string, customer: PlaceholderCustomer): string {
  return fillPlaceholders(template, {
    [P.customerName]: customer.name,
    [P.contact]: customer.contactName || customer.name,
    [P.documentType]: customer.type === 'corporate' ? 'CNPJ' : 'CPF',
    [P.document]: customer.document ? maskDocument(customer.type, customer.document) : '',
    [P.total]: '',
    [P.totalInWords]: '',
    [P.quotationId]: '',
  });
}
