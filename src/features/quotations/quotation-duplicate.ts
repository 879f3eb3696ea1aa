/**
 * Duplicar on the device: a new quotation with the same customer, address,
 * lines, money fields and texts, saved locally like any create, so the copy
 * exists and opens at once, offline too (the server's duplicate command
 * would only make it when the answer comes back). It starts as Rascunho,
 * not sent, and gets its own number from the server. Its lines are new
 * lines: each gets a new `row_id`.
 */
import { withNewRowIds } from '@sync/contract/quotations';
import type { LocalQuotation } from '@sync/react';

const withoutTotal = <T extends { total?: number }>(lines: readonly T[]) => withNewRowIds(lines.map(({ total: _total, ...line }) => line));

export function duplicateFields(record: LocalQuotation): Record<string, unknown> {
  return {
    customer_key: record.customer_key,
    valid_at: record.valid_at,
    service_address_key: record.service_address_key,
    rows: withoutTotal(record.rows ?? []),
    services: withoutTotal(record.services ?? []),
    costs: withoutTotal(record.costs ?? []),
    equipments: withNewRowIds(record.equipments ?? []),
    deadlines: withNewRowIds(record.deadlines ?? []),
    delivery_date: record.delivery_date,
    duration_time: record.duration_time,
    discount: record.discount,
    discount_type: record.discount_type,
    total: record.total,
    payment_id: record.payment_id,
    parcel: record.parcel,
    payment_info: record.payment_info,
    // The server keeps it only for an administrator (anyone else is the seller of what they create).
    created_by: record.created_by,
    type_id: record.type_id,
    details: record.details,
    comment: record.comment,
    responsible: record.responsible,
  };
}
