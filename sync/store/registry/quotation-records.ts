/**
 * The quotation as the screens read it from the local store (see
 * catalog-records.ts for the conventions): the wire fields with the nested
 * lists as plain arrays, the customer and service address also by local
 * key. Server-made fields (`reference_no`, `f_created_at`, `user`,
 * `sample_count`...) are null on a quotation created here until the server
 * answers; the totals are computed on every local save.
 *
 * The type joins `ResourceRecordMap` by interface merging.
 */
import type { Quotation, QuotationDeadline, QuotationEquipment, QuotationItem, QuotationRow } from '@sync/contract/quotations';
import type { LocalRecordBase } from './catalog-records';

/** A line as a screen writes it: the total is computed on save. */
type WrittenLine<T extends { total: number }> = Omit<T, 'total'> & { total?: number };

type ServerMade = 'reference_no' | 'user' | 'sample_count' | 'able_create_sample' | 'f_created_at' | 'sent_at' | 'sent_mail_at' | 'sent_whatsapp_at';

export type LocalQuotation = LocalRecordBase &
  Omit<Quotation, 'id' | 'created_at' | 'updated_at' | 'rows' | 'services' | 'costs' | 'equipments' | 'deadlines' | ServerMade> & {
    customer_key: string | null;
    service_address_key: string | null;
    rows: Array<WrittenLine<QuotationRow>>;
    services: Array<WrittenLine<QuotationItem>>;
    costs: Array<WrittenLine<QuotationItem>>;
    equipments: QuotationEquipment[];
    deadlines: QuotationDeadline[];
  } & { [K in ServerMade]: Quotation[K] | null };

declare module './catalog-records' {
  interface ResourceRecordMap {
    quotations: LocalQuotation;
  }
}
