/**
 * Demo step: quotations for the demo customers, made of the demo catalog
 * (agents, services, costs, equipment), in three statuses, with their
 * totals computed as the API computes them (quotationWireTotals). The
 * office user is the seller.
 */
import { eq } from 'drizzle-orm';
import { quotationWireTotals, withNewRowIds, type QuotationStatus } from '@sync/contract/quotations';
import { newRowId } from '@sync/contract/row-id';
import type { RichTextDoc } from '@sync/contract/rich-text';
import { richTextColumn } from '@server/routes/quotations/load';
import { referenceNumber } from '@server/routes/quotations/reference-number';
import { customers, productTypes, quotations } from '../schema';
import { DEMO_AGENTS, DEMO_COSTS, DEMO_EQUIPMENT, DEMO_SERVICES } from './catalog-data';
import type { DemoState, DemoStep } from './steps';

type Pick = { key: string; quantity: number; sector?: string; function?: string };

interface DemoQuotation {
  customer: string;
  status: QuotationStatus;
  sent: boolean;
  rows: Pick[];
  services: Pick[];
  costs: Pick[];
  equipments: Pick[];
  deadlines: Array<{ activity: string; description: string }>;
  discount: number | null;
  parcel: number;
  details?: RichTextDoc;
}

const text = (value: string, marks?: Array<{ type: 'bold' | 'italic' }>) =>
  marks ? { type: 'text' as const, text: value, marks } : { type: 'text' as const, text: value };

/** Details as the editor makes them (a heading, bold words, a list), so the PDF and the e-mail show formatting. */
const METALURGICA_DETAILS: RichTextDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 3 }, content: [text('Escopo das avaliações')] },
    {
      type: 'paragraph',
      content: [
        text('Avaliações quantitativas de '),
        text('ruído', [{ type: 'bold' }]),
        text(', '),
        text('vibração', [{ type: 'bold' }]),
        text(' e '),
        text('fumos metálicos', [{ type: 'bold' }]),
        text(' conforme as NHO da Fundacentro e a NR-15.'),
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [text('Dosimetria de jornada inteira nos setores de estamparia e solda')] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [text('Relatório técnico com classificação de risco e '), text('recomendações', [{ type: 'italic' }])] },
          ],
        },
      ],
    },
  ],
};

const DEMO_QUOTATIONS: DemoQuotation[] = [
  {
    customer: 'metalurgica',
    status: 'pending',
    sent: true,
    rows: [
      { key: 'ruidoContinuo', quantity: 6, sector: 'Estamparia', function: 'Operador de prensa' },
      { key: 'vmb', quantity: 2, sector: 'Acabamento', function: 'Lixador' },
      { key: 'manganes', quantity: 3, sector: 'Solda', function: 'Soldador' },
    ],
    services: [
      { key: 'dosimetria', quantity: 1 },
      { key: 'ltcat', quantity: 1 },
    ],
    costs: [
      { key: 'diaria', quantity: 2 },
      { key: 'km', quantity: 120 },
    ],
    equipments: [
      { key: 'dosimetroCriffer', quantity: 3 },
      { key: 'vibracaoHvm', quantity: 1 },
    ],
    deadlines: [
      { activity: 'Medições em campo', description: 'Dois dias, no turno da manhã' },
      { activity: 'Entrega do LTCAT', description: '15 dias após as medições' },
    ],
    discount: 5,
    parcel: 2,
    details: METALURGICA_DETAILS,
  },
  {
    customer: 'quimica',
    status: 'approved',
    sent: true,
    rows: [
      { key: 'tolueno', quantity: 4, sector: 'Envase', function: 'Operador de envase' },
      { key: 'benzeno', quantity: 2, sector: 'Laboratório', function: 'Analista' },
    ],
    services: [{ key: 'quimicos', quantity: 1 }],
    costs: [
      { key: 'labSolventes', quantity: 6 },
      { key: 'tuboCarvao', quantity: 6 },
      { key: 'sedex', quantity: 1 },
    ],
    equipments: [{ key: 'bombaSkc', quantity: 2 }],
    deadlines: [{ activity: 'Coleta', description: 'Um dia de campo' }],
    discount: null,
    parcel: 1,
  },
  {
    customer: 'construtora',
    status: 'open',
    sent: false,
    rows: [
      { key: 'calor', quantity: 2, sector: 'Obra', function: 'Pedreiro' },
      { key: 'vci', quantity: 1, sector: 'Obra', function: 'Operador de escavadeira' },
    ],
    services: [{ key: 'calor', quantity: 1 }],
    costs: [{ key: 'diaria', quantity: 1 }],
    equipments: [{ key: 'ibutgInstrutherm', quantity: 1 }],
    deadlines: [],
    discount: null,
    parcel: 1,
  },
];

function catalogLine<T extends { key: string; name: string; price: number }>(
  items: readonly T[],
  ids: Record<string, number> | undefined,
  pick: Pick,
) {
  const item = items.find((candidate) => candidate.key === pick.key);
  if (!item) throw new Error(`demo quotations: unknown catalog item ${pick.key}`);
  return { row_id: newRowId(), product_id: ids?.[pick.key] ?? null, name: item.name, quantity: pick.quantity, value: item.price };
}

function rowsOf(state: DemoState, quotation: DemoQuotation, typeIds: ReadonlyMap<string, number>) {
  const rows = quotation.rows.map((pick) => ({
    ...catalogLine(DEMO_AGENTS, state.other.agents, pick),
    // The agent's own type (Calor for the heat agent), as the quotation form fills it.
    product_type_id: typeIds.get(DEMO_AGENTS.find((agent) => agent.key === pick.key)?.type ?? '') ?? 1,
    sector: pick.sector ?? null,
    function: pick.function ?? null,
    exposition_type_id: 1,
    daily_exposition: null,
    unit_type: DEMO_AGENTS.find((agent) => agent.key === pick.key)?.unit_type ?? null,
  }));
  // The wire's key order, so the demo rows read like the API's.
  return rows.map(
    ({ row_id, product_id, name, product_type_id, sector, function: role, exposition_type_id, daily_exposition, quantity, value, unit_type }) => ({
      row_id,
      product_id,
      name,
      product_type_id,
      sector,
      function: role,
      exposition_type_id,
      daily_exposition,
      quantity,
      value,
      unit_type,
    }),
  );
}

export const demoQuotationsStep: DemoStep = {
  name: 'orçamentos',
  async run(tx, state) {
    const typeIds = new Map(
      (await tx.select({ id: productTypes.id, slug: productTypes.slug }).from(productTypes)).map((type) => [type.slug, type.id]),
    );
    const now = new Date();
    const ids: Record<string, number> = {};
    for (const [index, quotation] of DEMO_QUOTATIONS.entries()) {
      const customerId = state.customers[quotation.customer];
      if (customerId === undefined) throw new Error(`demo quotations: unknown customer ${quotation.customer}`);
      const [customer] = await tx.select({ name: customers.name, phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
      const totals = quotationWireTotals({
        rows: rowsOf(state, quotation, typeIds),
        services: quotation.services.map((pick) => catalogLine(DEMO_SERVICES, state.other.services, pick)),
        costs: quotation.costs.map((pick) => catalogLine(DEMO_COSTS, state.other.costs, pick)),
        discount: quotation.discount,
        discount_type: 'pct',
        parcel: quotation.parcel,
      });
      const [row] = await tx
        .insert(quotations)
        .values({
          customer_id: customerId,
          customer_name: customer!.name,
          customer_phone: customer!.phone,
          valid_at: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
          status: quotation.status,
          rows: totals.rows,
          services: totals.services,
          costs: totals.costs,
          equipments: quotation.equipments.map((pick) => ({
            row_id: newRowId(),
            equipment_id: state.other.equipment?.[pick.key] ?? null,
            name: DEMO_EQUIPMENT.find((item) => item.key === pick.key)?.name ?? pick.key,
            quantity: pick.quantity,
          })),
          deadlines: withNewRowIds(quotation.deadlines),
          subtotal: totals.subtotal,
          discount: quotation.discount,
          discount_type: 'pct',
          total: totals.total,
          parcel: quotation.parcel,
          parcel_value: totals.parcel_value,
          payment_info: 'Pagamento em 30 dias',
          payment_id: 1,
          details: richTextColumn(quotation.details ?? null),
          created_by: state.users.escritorio ?? null,
          sent_at: quotation.sent ? now : null,
          created_at: new Date(now.getTime() + index),
          updated_at: new Date(now.getTime() + index),
        })
        .returning({ id: quotations.id });
      await tx
        .update(quotations)
        .set({ reference_no: referenceNumber(row!.id, now), updated_at: new Date(now.getTime() + index) })
        .where(eq(quotations.id, row!.id));
      ids[quotation.customer] = row!.id;
    }
    state.other.quotations = ids;
  },
};
