/**
 * A noise sample planned on the device (a customer, a quotation with one noise
 * row, its plan saved locally), and the sample page's route, for the screen
 * tests that open the real sample page and the typing bench's page.
 */
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { readRecord } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample';
import { SampleEditPage } from '@/features/samples';

/** A customer saved on the device. */
export function localCustomer(db: SyncDatabase): Promise<string> {
  return saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
}

/** The local keys of the samples planned for a new quotation of the customer with one noise row of `units` units. */
export async function localNoisePlan(db: SyncDatabase, customerKey: string, units = 1): Promise<string[]> {
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customerKey,
    rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: units, value: 10 }],
    total: 10 * units,
  });
  const quotation = (await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation;
  return saveRecords(db, planSaves(quotation));
}

/** The local key of the one noise sample of a new quotation's plan. */
export async function localNoiseSample(db: SyncDatabase): Promise<string> {
  const [sampleKey] = await localNoisePlan(db, await localCustomer(db));
  return sampleKey!;
}

export const sampleRoutes = {
  '/admin/amostra/$sampleId': ({ params }: { params: Record<string, string> }) => <SampleEditPage sampleId={params.sampleId!} />,
};
