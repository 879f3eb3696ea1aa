/**
 * Demo step: an approved quotation for Metalúrgica Horizonte (noise and
 * heat agents) with its sampling plan made as `POST api/sample/quotation`
 * makes it (3 samples), the first one already characterized, so the
 * technician (`paulo`) has a plan to fill and the customer-type user
 * (`carla`) sees her company's samples. The approved quotation of the
 * quotations step keeps no plan, so 'Amostra' can be tried on it.
 */
import { eq } from 'drizzle-orm';
import { quotationWireTotals } from '@sync/contract/quotations';
import { newRowId } from '@sync/contract/row-id';
import { referenceNumber } from '@server/routes/quotations/reference-number';
import { createSamplingPlan } from '@server/routes/samples/plan';
import { customers, quotations, samples } from '../schema';
import { DEMO_AGENTS } from './catalog-data';
import type { DemoStep } from './steps';

const TYPE_IDS = { vibration: 1, chemical: 2, noise: 3, heat: 4 } as const;

const PLAN_ROWS = [
  { key: 'ruidoContinuo', quantity: 2, sector: 'Estamparia', function: 'Operador de prensa' },
  { key: 'calor', quantity: 1, sector: 'Fundição', function: 'Forneiro' },
];

export const demoSamplesStep: DemoStep = {
  name: 'amostras',
  async run(tx, state) {
    const customerId = state.customers.metalurgica;
    if (customerId === undefined) throw new Error('demo samples: the Metalúrgica Horizonte customer is missing');
    const [customer] = await tx.select({ name: customers.name, phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
    const rows = PLAN_ROWS.map((pick) => {
      const agent = DEMO_AGENTS.find((candidate) => candidate.key === pick.key)!;
      return {
        row_id: newRowId(),
        product_id: state.other.agents?.[pick.key] ?? null,
        name: agent.name,
        product_type_id: TYPE_IDS[agent.type],
        sector: pick.sector,
        function: pick.function,
        exposition_type_id: 1,
        daily_exposition: null,
        quantity: pick.quantity,
        value: agent.price,
        unit_type: agent.unit_type ?? null,
      };
    });
    const totals = quotationWireTotals({ rows, services: [], costs: [], discount: null, discount_type: 'pct', parcel: 1 });
    // After the quotations step's records, so the list shows it first.
    const now = new Date(Date.now() + 10);
    const [row] = await tx
      .insert(quotations)
      .values({
        customer_id: customerId,
        customer_name: customer!.name,
        customer_phone: customer!.phone,
        valid_at: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        status: 'approved',
        rows: totals.rows,
        subtotal: totals.subtotal,
        total: totals.total,
        parcel: 1,
        parcel_value: totals.parcel_value,
        payment_info: 'Pagamento em 30 dias',
        payment_id: 1,
        created_by: state.users.escritorio ?? null,
        sent_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: quotations.id });
    await tx
      .update(quotations)
      .set({ reference_no: referenceNumber(row!.id, now) })
      .where(eq(quotations.id, row!.id));
    await createSamplingPlan(tx, row!.id, now);
    const [first] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.quotation_id, row!.id)).orderBy(samples.sample_no).limit(1);
    const caracterization = {
      sample_no: 'RUI-01',
      ghe: 'GHE 01 - Estamparia',
      supervisor: 'Marcos Tavares',
      employee: 'Roberto Alves',
      register: '10234',
      function: 'Operador de prensa',
      sector: 'Estamparia',
      equipment: 'Prensa excêntrica 60 t',
    };
    await tx.update(samples).set({ caracterization, employee: caracterization.employee }).where(eq(samples.id, first!.id));
    state.other.samplePlans = { metalurgica: row!.id };
  },
};
