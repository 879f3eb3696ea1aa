/**
 * Quotations as wire records (sync/contract/quotations.ts): the row with its
 * nested lists as stored, the seller's name, and the derived fields
 * (`f_created_at`, `able_create_sample`, `sample_count`).
 */
import { and, count, inArray, ne } from 'drizzle-orm';
import type { Quotation } from '@sync/contract/quotations';
import { toRichTextDoc, type RichTextDoc } from '@sync/contract/rich-text';
import { formatInstantBR } from '@/domain/dates';
import type { Db, Tx } from '@server/db/client';
import { quotations, samples, users } from '@server/db/schema';
import { isoOrNull, syncFields } from '@server/lib/wire';

type Reader = Db | Tx;

/**
 * The `details` column holds the document as JSON text; a quotation saved
 * before the rich-text editor holds plain text, which becomes a document
 * here (one paragraph per line), so every answer carries a document.
 */
export function storedRichText(stored: string | null): RichTextDoc | null {
  if (stored === null) return null;
  if (stored.startsWith('{')) {
    try {
      return toRichTextDoc(JSON.parse(stored));
    } catch {
      // Not JSON after all: plain text that starts with a brace.
    }
  }
  return toRichTextDoc(stored);
}

/** The column value for a document (null stays null). */
export function richTextColumn(doc: RichTextDoc | null): string | null {
  return doc === null ? null : JSON.stringify(doc);
}
export type QuotationRowRecord = typeof quotations.$inferSelect;

export function toQuotation(row: QuotationRowRecord, sellerName: string | null, sampleCount = 0): Quotation {
  return {
    id: row.id,
    reference_no: row.reference_no ?? String(row.id),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    valid_at: row.valid_at,
    status: row.status,
    service_address_id: row.service_address_id,
    rows: row.rows,
    services: row.services,
    costs: row.costs,
    equipments: row.equipments,
    deadlines: row.deadlines,
    delivery_date: row.delivery_date,
    duration_time: row.duration_time,
    subtotal: row.subtotal,
    discount: row.discount,
    discount_type: row.discount_type,
    total: row.total,
    payment_id: row.payment_id,
    parcel: row.parcel,
    parcel_value: row.parcel_value,
    payment_info: row.payment_info,
    created_by: row.created_by,
    user: row.created_by !== null && sellerName !== null ? { id: row.created_by, name: sellerName } : null,
    type_id: row.type_id,
    details: storedRichText(row.details),
    comment: row.comment,
    responsible: row.responsible,
    sample_count: sampleCount,
    // A sampling plan is made from an approved quotation that has no samples yet (server/routes/samples/plan.ts).
    able_create_sample: row.status === 'approved' && sampleCount === 0,
    sent_at: isoOrNull(row.sent_at),
    sent_mail_at: isoOrNull(row.sent_mail_at),
    sent_whatsapp_at: isoOrNull(row.sent_whatsapp_at),
    f_created_at: formatInstantBR(row.created_at),
    ...syncFields(row),
  };
}

export async function loadQuotations(db: Reader, ids: readonly number[]): Promise<Quotation[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(quotations)
    .where(inArray(quotations.id, [...ids]));
  const sellerIds = [...new Set(rows.map((row) => row.created_by).filter((id): id is number => id !== null))];
  const sellers = sellerIds.length === 0 ? [] : await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, sellerIds));
  const nameOf = new Map(sellers.map((seller) => [seller.id, seller.name]));
  const counts = await db
    .select({ quotation_id: samples.quotation_id, n: count() })
    .from(samples)
    // A revision replaced by an invalidation is not another sampling (issue 28).
    .where(and(inArray(samples.quotation_id, [...ids]), ne(samples.status, 'substituida')))
    .groupBy(samples.quotation_id);
  const countOf = new Map(counts.map((c) => [c.quotation_id, c.n]));
  return rows.map((row) => toQuotation(row, row.created_by === null ? null : (nameOf.get(row.created_by) ?? null), countOf.get(row.id) ?? 0));
}
