/**
 * A customer's contact (spec sections 3 and 7): `POST
 * api/customer/{id}/contact` and `PUT api/customer/{id}/contact/{contactId}`
 * (plus `DELETE`, so a device can undo one), through the child calls of
 * children.ts. A customer has one contact: a POST when it already has one
 * updates it (200) instead of adding a second. The customer's own body may
 * carry the contact too (`saveCustomerContact`). For an individual the
 * screens copy name, e-mail and phone into the contact; the server stores
 * what it is sent.
 */
import { asc, eq } from 'drizzle-orm';
import { contactInputSchema, contactSchema, CUSTOMER_MESSAGES } from '@sync/contract/customers';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { customerContacts } from '@server/db/schema';
import { optionalValues } from '@server/sync/input';
import { nextUpdatedAt } from '@server/sync/versioning';
import { registerChildRoutes } from './children';
import { toContact } from './load';

type ContactFields = { name?: string | null; email?: string | null; phone?: string | null };

const FIELDS = ['name', 'email', 'phone'] as const;

async function firstContactId(tx: Tx, customerId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: customerContacts.id })
    .from(customerContacts)
    .where(eq(customerContacts.customer_id, customerId))
    .orderBy(asc(customerContacts.id))
    .limit(1);
  return row?.id;
}

function blank(contact: ContactFields): boolean {
  return FIELDS.every((field) => {
    const value = contact[field];
    return value === undefined || value === null || value.trim() === '';
  });
}

/**
 * The contact a customer's body carries: absent leaves it, null or all
 * blank removes it, anything else creates or updates the one contact.
 */
export async function saveCustomerContact(tx: Tx, customerId: number, contact: ContactFields | null | undefined, now: Date): Promise<void> {
  if (contact === undefined) return;
  if (contact === null || blank(contact)) {
    await tx.delete(customerContacts).where(eq(customerContacts.customer_id, customerId));
    return;
  }
  const values = optionalValues(contact, FIELDS) as { name?: string | null; email?: string | null; phone?: string | null };
  const existing = await firstContactId(tx, customerId);
  if (existing === undefined) {
    await tx.insert(customerContacts).values({ ...values, customer_id: customerId, created_at: now, updated_at: now });
    return;
  }
  await tx
    .update(customerContacts)
    .set({ ...values, updated_at: nextUpdatedAt(customerContacts.updated_at, now) })
    .where(eq(customerContacts.id, existing));
}

export function registerContactRoutes(app: ZodApp, ctx: AppContext) {
  registerChildRoutes<ReturnType<typeof toContact>, ContactFields>(app, ctx, {
    table: customerContacts,
    basePath: '/api/customer/:id/contact',
    notFoundMessage: CUSTOMER_MESSAGES.contactNotFound,
    schemas: { item: contactSchema, input: contactInputSchema as never },
    toWire: toContact as never,
    values: async (_tx, _customerId, input) => optionalValues(input, FIELDS),
    existing: firstContactId,
  });
}
