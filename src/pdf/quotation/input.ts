/**
 * What the quotation documents (the quotation and its warranty) are made
 * from: the same shape whether the server reads it from its database or the
 * device from its local store, so both print the same document.
 */
import type { CustomerType } from '@sync/contract/customers';
import type { Quotation, QuotationDeadline, QuotationEquipment, QuotationItem, QuotationRow } from '@sync/contract/quotations';

type Line<T extends { total: number }> = Omit<T, 'total'> & { total?: number };

/** The quotation's fields a document prints (the server's record or the device's; lines' totals are recomputed). */
export type PdfQuotation = Pick<
  Quotation,
  'valid_at' | 'status' | 'discount' | 'discount_type' | 'parcel' | 'payment_info' | 'delivery_date' | 'duration_time' | 'comment' | 'responsible'
> & {
  /** The server's number, null on a quotation not synced yet. */
  reference_no: string | null;
  /** 'Criado em' as DD/MM/YYYY (null: not known yet). */
  f_created_at: string | null;
  rows: Array<Line<QuotationRow>>;
  services: Array<Line<QuotationItem>>;
  costs: Array<Line<QuotationItem>>;
  equipments: QuotationEquipment[];
  deadlines: QuotationDeadline[];
  /** Stored rich text: tiptap JSON (object or string) or a legacy string. */
  details: unknown;
  /** The seller's name. */
  seller: string | null;
};

export interface PdfAddress {
  street: string | null;
  number: string | null;
  address2: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
}

export interface PdfCustomer {
  name: string;
  type: CustomerType;
  document: string | null;
  email: string | null;
  phone: string | null;
  contactName: string | null;
  /** The service address (else the customer's first). */
  address: PdfAddress | null;
}

export interface QuotationPdfInput {
  quotation: PdfQuotation;
  customer: PdfCustomer;
  /** Every setting option, `{prefix}_{field}` → value (company_*, message_*, settings_*). */
  settings: Readonly<Record<string, string>>;
  /** The company logo as a data URL (image/png or image/jpeg), when there is one. */
  logo: string | null;
  /** Names of the exposition types and payment types by id, for the agents table and the payment line. */
  expositionTypes: Readonly<Record<number, string>>;
  paymentName: string | null;
}

export interface WarrantyPdfInput extends QuotationPdfInput {
  /** Warranty period in days (the warranty modal; default the settings_warranty variable). */
  days: number;
  /** Date of issue, ISO (YYYY-MM-DD): the caller's today (no clock here). */
  issuedAt: string;
  /** When the report was delivered, ISO: the period counts from it (the warranty text says so). */
  deliveredAt: string;
}
