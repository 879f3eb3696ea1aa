/**
 * The customer form as typed, and its rules (spec sections 3 and 5):
 * - masks on every change: CPF or CNPJ by type, phones '(00) 0000-0000'
 *   switching to nine digits;
 * - capitalisation on change of the customer's and the contact's names;
 * - required name, e-mail and phone with the spec's messages, the e-mail's
 *   form, a phone of 10 or 11 digits, CPF/CNPJ check digits when given;
 * - an individual's contact is the customer itself (name, e-mail and phone
 *   copied on save); a company's contact is its own block, null when blank.
 *
 * Pure functions: the page, the modal and the tests share them.
 */
import { CUSTOMER_MESSAGES, documentProblem, type CustomerType } from '@sync/contract/customers';
import type { LocalCustomer } from '@sync/react';
import { maskDocument, maskPhone, onlyDigits } from '@/domain/masks';
import { capitalizeWords } from '@/domain/text-case';

export interface CustomerFormValues {
  name: string;
  type: CustomerType;
  /** Masked CPF or CNPJ. */
  document: string;
  email: string;
  /** Masked phone. */
  phone: string;
  comment: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export type CustomerFormField = Exclude<keyof CustomerFormValues, 'type'>;
export type CustomerFormErrors = Partial<Record<CustomerFormField, string>>;

/** The fields a save writes (the customers resource's input, contact in its local shape). */
export interface CustomerFields {
  name: string;
  type: CustomerType;
  document: string | null;
  email: string;
  phone: string;
  comment: string | null;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
}

/** Wire field → form field, for validation messages coming back from the store. */
export const CUSTOMER_FIELD_NAMES: Readonly<Record<string, CustomerFormField>> = {
  contact: 'contactName',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function customerFormValues(
  record?: Pick<LocalCustomer, 'name' | 'type' | 'document' | 'email' | 'phone' | 'comment' | 'contact'>,
): CustomerFormValues {
  const type = record?.type ?? 'individual';
  // An individual's contact is a copy of the customer: the block is the company's only.
  const contact = type === 'corporate' ? record?.contact : null;
  return {
    name: record?.name ?? '',
    type,
    document: maskDocument(type, record?.document ?? ''),
    email: record?.email ?? '',
    phone: maskPhone(record?.phone ?? ''),
    comment: record?.comment ?? '',
    contactName: contact?.name ?? '',
    contactEmail: contact?.email ?? '',
    contactPhone: maskPhone(contact?.phone ?? ''),
  };
}

/**
 * Applies a change as the user typed it: masks and capitalisation. Switching
 * the type re-masks the document for the new type (digits kept).
 */
export function changeCustomerForm(values: CustomerFormValues, patch: Partial<CustomerFormValues>): CustomerFormValues {
  const next = { ...values, ...patch };
  if (patch.name !== undefined) next.name = capitalizeWords(patch.name);
  if (patch.contactName !== undefined) next.contactName = capitalizeWords(patch.contactName);
  if (patch.phone !== undefined) next.phone = maskPhone(patch.phone);
  if (patch.contactPhone !== undefined) next.contactPhone = maskPhone(patch.contactPhone);
  if (patch.document !== undefined || patch.type !== undefined) next.document = maskDocument(next.type, next.document);
  return next;
}

const trimmed = (text: string) => text.trim();
const orNull = (text: string) => (text.trim() ? text.trim() : null);

function phoneProblem(masked: string): string | undefined {
  const digits = onlyDigits(masked);
  return digits.length === 10 || digits.length === 11 ? undefined : CUSTOMER_MESSAGES.phoneInvalid;
}

export type CustomerFormRead = { ok: true; fields: CustomerFields } | { ok: false; errors: CustomerFormErrors };

/** Checks the form and returns what to save, or the message of each field in trouble. */
export function readCustomerForm(values: CustomerFormValues): CustomerFormRead {
  const errors: CustomerFormErrors = {};
  const name = trimmed(values.name);
  const email = trimmed(values.email);
  if (!name) errors.name = CUSTOMER_MESSAGES.nameRequired;
  if (!email) errors.email = CUSTOMER_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = CUSTOMER_MESSAGES.emailInvalid;
  if (!values.phone.trim()) errors.phone = CUSTOMER_MESSAGES.phoneRequired;
  else errors.phone = phoneProblem(values.phone);
  const document = values.document.replace(/[.\-/\s]/g, '').toUpperCase() || null;
  const documentError = documentProblem(values.type, document);
  if (documentError) errors.document = documentError;

  let contact: CustomerFields['contact'] = null;
  if (values.type === 'individual') {
    contact = { name: name || null, email: email || null, phone: onlyDigits(values.phone) || null };
  } else {
    const contactEmail = orNull(values.contactEmail);
    if (contactEmail && !EMAIL_PATTERN.test(contactEmail)) errors.contactEmail = CUSTOMER_MESSAGES.emailInvalid;
    if (values.contactPhone.trim()) errors.contactPhone = phoneProblem(values.contactPhone);
    const candidate = { name: orNull(values.contactName), email: contactEmail, phone: onlyDigits(values.contactPhone) || null };
    contact = candidate.name || candidate.email || candidate.phone ? candidate : null;
  }

  const problems = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CustomerFormErrors;
  if (Object.keys(problems).length > 0) return { ok: false, errors: problems };
  return {
    ok: true,
    fields: {
      name,
      type: values.type,
      document,
      email,
      phone: onlyDigits(values.phone),
      comment: orNull(values.comment),
      contact,
    },
  };
}
