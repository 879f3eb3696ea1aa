/**
 * A quotation's PDF on the server: its record, customer (with the service
 * address, else the first), settings, exposition and payment type names,
 * assembled as the device does (src/pdf/quotation/assemble.ts), built with
 * the one template and rendered. The logo's bytes come from the file
 * storage (logo.ts) when the caller gives it. Used by `GET api/pdf/quotation/{id}` and
 * the e-mail it is attached to.
 */
import { asc } from 'drizzle-orm';
import type { Quotation } from '@sync/contract/quotations';
import { settingsMap } from '@sync/contract/settings';
import { quotationPdfInput, type QuotationPdfInput } from '@/pdf/quotation';
import type { Db } from '@server/db/client';
import { expositionTypes, options, quotationPaymentTypes } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { loadCustomers } from '@server/routes/customers/load';
import { storedLogo } from './logo';
import { renderQuotationInWorker } from './pdf-worker';

export async function quotationPdfInputOf(db: Db, quotation: Quotation, storage?: FileStore): Promise<QuotationPdfInput> {
  const [[customer], settings, exposition, payments] = await Promise.all([
    loadCustomers(db, [quotation.customer_id]),
    db.select({ option: options.option, value: options.value }).from(options),
    db.select({ id: expositionTypes.id, name: expositionTypes.name }).from(expositionTypes).orderBy(asc(expositionTypes.id)),
    db.select({ id: quotationPaymentTypes.id, name: quotationPaymentTypes.name }).from(quotationPaymentTypes),
  ]);
  const addresses = customer?.addresses ?? [];
  const address = addresses.find((item) => item.id === quotation.service_address_id) ?? addresses[0] ?? null;
  const logo = storage ? await storedLogo(db, storage, settingsMap(settings).settings_logo) : null;
  return quotationPdfInput({
    quotation,
    customer: customer ?? null,
    address,
    settings,
    expositionTypes: exposition,
    paymentTypes: payments,
    logo,
  });
}

/** The PDF bytes of a loaded quotation (rendered in the worker thread). */
export async function quotationPdf(db: Db, quotation: Quotation, storage?: FileStore): Promise<Buffer> {
  return renderQuotationInWorker(await quotationPdfInputOf(db, quotation, storage));
}
