/**
 * A sample both devices hold, for the tests of a sample edited on two
 * devices: the office's approved quotation with one unit (heat unless told),
 * its plan's sample made on the technician's tablet (filled first if told)
 * and sent, and the office's copy.
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

const HEAT_UNIT = { name: 'Calor', product_type_id: 4, value: 50 };

export interface SharedSampleOptions<C extends TestClient> {
  /** The quotation's one unit: its agent or service name, product type and price. */
  unit?: { name: string; product_type_id: number; value: number };
  /** Typed on the tablet before its first send. */
  fill?: (tablet: C, tabletKey: string) => Promise<void>;
}

/** `device` makes a new signed-in device (the test bed's); `label` names the customer. */
export async function sharedHeatSample<C extends TestClient>(
  device: () => Promise<C>,
  label: string,
  { unit = HEAT_UNIT, fill }: SharedSampleOptions<C> = {},
): Promise<SharedHeatSample<C>> {
  const office = await device();
  const customer = await saveRecord(office.db, 'customers', null, {
    name: `${label} ${Date.now().toString(36)}`,
    type: 'corporate',
    email: 'm@usina.com.br',
    phone: '1133224455',
  });
  const quotationKey = await saveRecord(office.db, 'quotations', null, {
    customer_key: customer,
    rows: [{ ...unit, quantity: 1 }],
    total: unit.value,
  });
  await runCommand(office.db, 'quotations', quotationKey, 'status', { status: 'approved' });
  await office.engine.drain();
  const quotationId = (await office.db.records('quotations').get(quotationKey))!.id as number;
  const tablet = await device();
  const quotation = (await liveRecords(tablet.db, 'quotations')).find((record) => record.id === quotationId) as unknown as LocalQuotation;
  const [tabletKey] = await saveRecords(tablet.db, planSaves(quotation));
  if (fill) await fill(tablet, tabletKey!);
  await tablet.engine.drain();
  const id = (await tablet.db.records('samples').get(tabletKey!))!.id as number;
  await office.engine.drain();
  const officeKey = (await readRecordById(office.db, 'samples', id))!.key;
  return { office, tablet, id, tabletKey: tabletKey!, officeKey };
}
