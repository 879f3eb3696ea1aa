/**
 * A noise sample planned on the device (a customer, a quotation with one noise
 * row, its plan saved locally), and the sample page's route, for the screen
 * tests that open the real sample page.
 */
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { readRecord } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample';
import { SampleEditPage } from '@/features/samples';

/** The local key of the one noise sample of a new quotation's plan. */
export async function localNoiseSample(db: SyncDatabase): Promise<string> {
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 10 }],
    total: 10,
  });
  const quotation = (await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation;
  const [sampleKey] = await saveRecords(db, planSaves(quotation));
  return sampleKey!;
}

export const sampleRoutes = {
  '/admin/amostra/$sampleId': ({ params }: { params: Record<string, string> }) => <SampleEditPage sampleId={params.sampleId!} />,
};
