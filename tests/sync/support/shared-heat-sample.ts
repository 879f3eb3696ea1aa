/**
 * A heat sample both devices hold, for the tests of a sample edited on two
 * devices: the office's approved quotation with one heat unit, its plan's
 * sample made on the technician's tablet and sent, and the office's copy.
 */
import { runCommand } from '@sync/engine/commands';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { readRecordById } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { planSaves } from '@/entities/sample/plan';
import { liveRecords } from './convergence';
import type { TestClient } from './sync-client';

export interface SharedHeatSample<C extends TestClient> {
  office: C;
  tablet: C;
  /** The sample's server id. */
  id: number;
  tabletKey: string;
  officeKey: string;
}

/** `device` makes a new signed-in device (the test bed's); `label` names the customer. */
export async function sharedHeatSample<C extends TestClient>(device: () => Promise<C>, label: string): Promise<SharedHeatSample<C>> {
  const office = await device();
  const customer = await saveRecord(office.db, 'customers', null, {
    name: `${label} ${Date.now().toString(36)}`,
    type: 'corporate',
    email: 'm@usina.com.br',
    phone: '1133224455',
  });
  const quotationKey = await saveRecord(office.db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Calor', product_type_id: 4, quantity: 1, value: 50 }],
    total: 50,
  });
  await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
  await office.engine.drain();
  const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;
  const tablet = await device();
  const quotation = (await liveRecords(tablet.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
  const [tabletKey] = await saveRecords(tablet.db, planSaves(quotation));
  await tablet.engine.drain();
  const id = (await tablet.db.records('samples').get(tabletKey!))!.id as number;
  await office.engine.drain();
  const officeKey = (await readRecordById(office.db, 'samples', id))!.key;
  return { office, tablet, id, tabletKey: tabletKey!, officeKey };
}
