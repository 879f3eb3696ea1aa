/**
 * Customers as wire records (sync/contract/customers.ts): each customer
 * with its contact, addresses and files embedded, so a pull of customers
 * brings everything a device needs at the client's site. Derived fields are
 * computed here: `address`, `contact_name`, `f_created_at`, `download_url`.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Address, Contact, Customer, CustomerFile } from '@sync/contract/customers';
import { formatInstantBR } from '@/domain/dates';
import type { Db, Tx } from '@server/db/client';
import { customerAddresses, customerContacts, customerFiles, customers, storedFiles } from '@server/db/schema';
import { syncFields } from '@server/lib/wire';

type Reader = Db | Tx;

/** street + ', ' + number; either alone when the other is empty. */
export function addressLine(street: string | null, number: string | null): string {
  return [street, number].filter((part): part is string => !!part && part.trim() !== '').join(', ');
}

/** Relative to the API base, like the spec's paths. */
export function downloadUrl(customerId: number, attachmentId: number): string {
  return `api/customer/${customerId}/file/${attachmentId}/download`;
}

export function toAddress(row: typeof customerAddresses.$inferSelect): Address {
  return {
    id: row.id,
    customer_id: row.customer_id,
    label: row.label,
    zipcode: row.zipcode,
    street: row.street,
    number: row.number,
    address: addressLine(row.street, row.number),
    address2: row.address2,
    district: row.district,
    city: row.city,
    state: row.state,
    country: row.country,
    ...syncFields(row),
  };
}

export function toContact(row: typeof customerContacts.$inferSelect): Contact {
  return { id: row.id, customer_id: row.customer_id, name: row.name, email: row.email, phone: row.phone, ...syncFields(row) };
}

type FileRow = { attachment: typeof customerFiles.$inferSelect; file: typeof storedFiles.$inferSelect };

export function toCustomerFile({ attachment, file }: FileRow): CustomerFile {
  return {
    id: attachment.id,
    customer_id: attachment.customer_id,
    file_id: file.id,
    name: attachment.name,
    original_name: file.original_name,
    file: { type: file.mime_type, download_url: downloadUrl(attachment.customer_id, attachment.id) },
    size: file.size,
    sha256: file.sha256,
    ...syncFields(attachment),
  };
}

/** A customer's files joined with their stored bytes' description, in upload order. */
export function fileRows(db: Reader) {
  return db
    .select({ attachment: customerFiles, file: storedFiles })
    .from(customerFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, customerFiles.file_id))
    .$dynamic();
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

/**
 * The one contact a customer shows: the first by id (the calls keep at most
 * one, but rows written before them may have more).
 */
function firstContacts(rows: ReadonlyArray<typeof customerContacts.$inferSelect>): Map<number, Contact> {
  const map = new Map<number, Contact>();
  for (const row of rows) if (!map.has(row.customer_id)) map.set(row.customer_id, toContact(row));
  return map;
}

export async function loadCustomers(db: Reader, ids: readonly number[]): Promise<Customer[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  // One after the other: inside a transaction they share one connection (pg refuses overlapping queries on it).
  const rows = await db.select().from(customers).where(inArray(customers.id, list));
  const addresses = await db.select().from(customerAddresses).where(inArray(customerAddresses.customer_id, list)).orderBy(asc(customerAddresses.id));
  const contacts = await db.select().from(customerContacts).where(inArray(customerContacts.customer_id, list)).orderBy(asc(customerContacts.id));
  const files = await fileRows(db).where(inArray(customerFiles.customer_id, list)).orderBy(asc(customerFiles.id));
  const addressesOf = groupBy(addresses, (a) => a.customer_id);
  const contactOf = firstContacts(contacts);
  const filesOf = groupBy(files, (f) => f.attachment.customer_id);
  return rows.map((row) => {
    const contact = contactOf.get(row.id) ?? null;
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      document: row.document,
      email: row.email,
      phone: row.phone,
      comment: row.comment,
      contact,
      contact_name: contact?.name ?? null,
      addresses: (addressesOf.get(row.id) ?? []).map(toAddress),
      f_created_at: formatInstantBR(row.created_at),
      files: (filesOf.get(row.id) ?? []).map(toCustomerFile),
      ...syncFields(row),
    };
  });
}
