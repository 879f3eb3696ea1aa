/**
 * What the quotation's documents and messages are made from on the device:
 * the quotation as the user sees it, its customer (the one chosen, even if
 * created offline), the service address (else the first), the settings and
 * the exposition and payment type names, all from the local store, so
 * printing and sending work offline, and the company logo kept on the
 * device (src/entities/print/device-logo.ts). Null while any of them is loading.
 */
import { useLocalLines, useLocalList, useLocalRecord } from '@sync/react/use-local-record';
import type { LocalQuotation } from '@sync/react';
import type { PdfSources } from '@/pdf/quotation/assemble';
import { useDeviceLogo } from '@/entities/print/device-logo';

export function useQuotationPrintSources(quotation: LocalQuotation): PdfSources | null {
  const customer = useLocalRecord('customers', quotation.customer_key);
  const addresses = useLocalLines('customer_addresses', quotation.customer_key);
  const settings = useLocalList('settings');
  const expositionTypes = useLocalList('exposition_types');
  const paymentTypes = useLocalList('payment_types');
  const logo = useDeviceLogo(settings.loading ? null : settings.rows);
  if (customer.loading || addresses.loading || settings.loading || expositionTypes.loading || paymentTypes.loading || logo === undefined) return null;
  const address = addresses.rows.find((item) => item.key === quotation.service_address_key) ?? addresses.rows[0] ?? null;
  return {
    quotation,
    customer: customer.record ?? null,
    address,
    settings: settings.rows,
    expositionTypes: expositionTypes.rows,
    paymentTypes: paymentTypes.rows,
    logo,
  };
}
