/**
 * The documents' input from records as both sides hold them (the server's
 * wire records, the device's local records): one assembly, so the server's
 * PDF and the one printed offline are made from the same fields.
 */
import { settingsMap } from '@sync/contract/settings';
import type { PdfAddress, PdfQuotation, QuotationPdfInput } from './input';

export interface PdfSourceCustomer {
  name: string;
  type: 'individual' | 'corporate';
  document: string | null;
  email: string | null;
  phone: string | null;
  contact: { name: string | null; email?: string | null; phone?: string | null } | null;
}

export interface PdfSources {
  quotation: Omit<PdfQuotation, 'seller'> & { user: { name: string } | null; payment_id: number | null; customer_name?: string | null };
  customer: PdfSourceCustomer | null;
  /** The service address, else the customer's first (the caller picks it from its own store). */
  address: PdfAddress | null;
  settings: ReadonlyArray<{ option: string; value: string }>;
  expositionTypes: ReadonlyArray<{ id: number | null; name: string }>;
  paymentTypes: ReadonlyArray<{ id: number | null; name: string }>;
  logo: string | null;
}

const byId = (list: ReadonlyArray<{ id: number | null; name: string }>) =>
  Object.fromEntries(list.filter((item) => item.id !== null).map((item) => [item.id as number, item.name])) as Record<number, string>;

/** Only an image data URL can be embedded (the definition never names files or URLs). */
export function embeddableLogo(value: string | null | undefined): string | null {
  return value && /^data:image\/(png|jpe?g);base64,/i.test(value.trim()) ? value.trim() : null;
}

export function quotationPdfInput(sources: PdfSources): QuotationPdfInput {
  const { quotation, customer } = sources;
  const { user, payment_id, customer_name, ...fields } = quotation;
  const settings = settingsMap(sources.settings);
  return {
    quotation: { ...fields, seller: user?.name ?? null },
    customer: {
      name: customer?.name ?? customer_name ?? '',
      type: customer?.type ?? 'individual',
      document: customer?.document ?? null,
      email: customer?.email ?? customer?.contact?.email ?? null,
      phone: customer?.phone ?? customer?.contact?.phone ?? null,
      contactName: customer?.contact?.name ?? null,
      address: sources.address,
    },
    settings,
    logo: embeddableLogo(sources.logo ?? settings.settings_logo),
    expositionTypes: byId(sources.expositionTypes),
    paymentName: payment_id === null ? null : (byId(sources.paymentTypes)[payment_id] ?? null),
  };
}
