/**
 * The quotation contract alone (sync/contract/quotations.ts), the one both
 * sides validate with: the spec's messages at the path of the field, nested
 * lines included; defaults and blank-line removal; the transitions table;
 * and the wire totals (line totals last in each line, so both sides' lines
 * compare equal).
 */
import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  QUOTATION_MESSAGES as M,
  QUOTATION_STATUSES,
  QUOTATION_TRANSITIONS,
  quotationInputSchema,
  quotationRowSchema,
  quotationStatusInputSchema,
  quotationWireTotals,
} from '@sync/contract/quotations';

const valid = { customer_id: 1, total: 0 };

function messagesOf(input: unknown): Record<string, string[]> {
  const parsed = quotationInputSchema.safeParse(input);
  if (parsed.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

describe('validation messages', () => {
  it.each([
    ['nothing', {}, { customer_id: [M.customerRequired], total: [M.totalRequired] }],
    ['a customer id of zero', { ...valid, customer_id: 0 }, { customer_id: [M.customerRequired] }],
    ['a total as text', { ...valid, total: '10' }, { total: [M.totalRequired] }],
    ['a negative total', { ...valid, total: -1 }, { total: [M.totalInvalid] }],
    ['instalments below 1', { ...valid, parcel: 0 }, { parcel: [M.parcelMin] }],
    ['fractional instalments', { ...valid, parcel: 1.5 }, { parcel: [M.parcelMin] }],
    ['a percentage above 100', { ...valid, discount: 101 }, { discount: [M.discountPctMax] }],
    ['a value discount above 100 is fine', { ...valid, costs: [{ name: 'C', value: 200 }], discount: 101, discount_type: 'value' }, {}],
    [
      'a value discount equal to the subtotal',
      { ...valid, costs: [{ name: 'C', quantity: 2, value: 100 }], discount: 200, discount_type: 'value' },
      {},
    ],
    [
      'a value discount above the subtotal',
      { ...valid, costs: [{ name: 'C', quantity: 2, value: 100 }], discount: 200.01, discount_type: 'value' },
      { discount: [M.discountAboveSubtotal] },
    ],
    ['the second row without quantity', { ...valid, rows: [{ name: 'A' }, { name: 'B', quantity: -1 }] }, { 'rows.1.quantity': [M.quantityInvalid] }],
    ['a service value as text', { ...valid, services: [{ name: 'S', value: 'cem' }] }, { 'services.0.value': [M.valueInvalid] }],
    ['a cost too expensive', { ...valid, costs: [{ name: 'C', value: 1e15 }] }, { 'costs.0.value': [M.valueTooHigh] }],
    ['an equipment quantity of 0', { ...valid, equipments: [{ name: 'E', quantity: 0 }] }, { 'equipments.0.quantity': [M.quantityInvalid] }],
    [
      'a long deadline description',
      { ...valid, deadlines: [{ description: 'x'.repeat(2001) }] },
      { 'deadlines.0.description': ['Texto muito longo (máximo 2.000 caracteres)'] },
    ],
    ['too many rows', { ...valid, rows: Array.from({ length: 501 }, () => ({ name: 'A' })) }, { rows: [M.tooManyLines] }],
  ])('%s', (_case, input, expected) => {
    expect(messagesOf(input)).toEqual(expected);
  });
});

describe('normal form', () => {
  it('fills the defaults, trims text and drops blank lines of every list', () => {
    const parsed = quotationInputSchema.parse({
      ...valid,
      rows: [{ name: '  Ruído ' }, { name: ' ', product_id: null }, { row_id: '', product_id: 4 }],
      services: [{}],
      costs: [{ name: null, value: 10 }],
      equipments: [{ name: '' }, { row_id: '', equipment_id: 2 }],
      deadlines: [
        { row_id: '', activity: ' ', description: '' },
        { row_id: '', activity: 'Campo' },
      ],
      payment_info: '  ',
    });
    expect(parsed.rows).toEqual([
      {
        row_id: '',
        product_id: null,
        name: 'Ruído',
        product_type_id: 1,
        sector: null,
        function: null,
        exposition_type_id: 1,
        daily_exposition: null,
        quantity: 1,
        value: 0,
        unit_type: null,
      },
      {
        row_id: '',
        product_id: 4,
        name: null,
        product_type_id: 1,
        sector: null,
        function: null,
        exposition_type_id: 1,
        daily_exposition: null,
        quantity: 1,
        value: 0,
        unit_type: null,
      },
    ]);
    expect(parsed.services).toEqual([]);
    expect(parsed.costs).toEqual([]);
    expect(parsed.equipments).toEqual([{ row_id: '', equipment_id: 2, name: null, quantity: 1 }]);
    expect(parsed.deadlines).toEqual([{ row_id: '', activity: 'Campo', description: null }]);
    expect(parsed).toMatchObject({
      discount: null,
      discount_type: 'pct',
      parcel: 1,
      payment_info: 'Pagamento em 30 dias',
      valid_at: null,
      created_by: null,
    });
  });

  it('the status command takes only the spec statuses', () => {
    expect(quotationStatusInputSchema.safeParse({ status: 'approved', markAsSent: true }).success).toBe(true);
    expect(quotationStatusInputSchema.safeParse({ status: 'Aprovado' }).error?.issues[0]?.message).toBe(M.statusInvalid);
  });
});

describe('transitions', () => {
  it('allow staying, follow the table, and end at Concluído', () => {
    for (const from of QUOTATION_STATUSES) {
      for (const to of QUOTATION_STATUSES) {
        expect(canChangeStatus(from, to), `${from} → ${to}`).toBe(from === to || QUOTATION_TRANSITIONS[from].includes(to));
      }
    }
    expect(QUOTATION_TRANSITIONS.closed).toEqual([]);
    expect(canChangeStatus('open', 'pending')).toBe(true);
  });
});

describe('wire totals', () => {
  it('computes each line total, the subtotal, discount and instalment value in centavos, with total last in each line', () => {
    const rows = quotationInputSchema.parse({ ...valid, rows: [{ name: 'A', quantity: 3, value: 0.1 }] }).rows;
    const totals = quotationWireTotals({ rows, services: [{ quantity: 1, value: 99.99 }], costs: [], discount: 10, discount_type: 'pct', parcel: 3 });
    expect(totals.rows[0]!.total).toBe(0.3);
    expect(Object.keys(totals.rows[0]!).at(-1)).toBe('total');
    expect(Object.keys(totals.rows[0]!)).toEqual(Object.keys(quotationRowSchema.shape));
    expect(totals).toMatchObject({ subtotal: 100.29, total: 90.26, parcel_value: 30.09 });
    // A stale total sent in a line is replaced, not kept.
    expect(
      quotationWireTotals({
        rows: [{ quantity: 2, value: 5, total: 999 }],
        services: [],
        costs: [],
        discount: null,
        discount_type: 'value',
        parcel: 1,
      }).rows[0]!.total,
    ).toBe(10);
  });
});
