/**
 * The quotation form's pure rules: one blank row per list on load, removing
 * the last row leaves a blank one, totals from the domain as quantities
 * change, the percentage discount capped at 100, and Salvar's read with the
 * spec's messages (blank rows dropped).
 */
import { describe, expect, it } from 'vitest';
import {
  addRow,
  capDiscount,
  formTotals,
  quotationFormValues,
  readQuotationForm,
  removeRow,
  type QuotationFormValues,
} from '@/features/quotations/quotation-form-values';

const filled = (patch: Partial<QuotationFormValues> = {}): QuotationFormValues => {
  const values = quotationFormValues();
  values.customer_key = 'c1';
  values.rows[0] = { ...values.rows[0]!, name: 'Ruído', quantity: '2', value: '100,50' };
  return { ...values, ...patch };
};

describe('blank rows', () => {
  it('a new quotation opens with one blank row in every list and the defaults', () => {
    const values = quotationFormValues();
    for (const list of ['rows', 'services', 'costs', 'equipments', 'deadlines'] as const) expect(values[list]).toHaveLength(1);
    expect(values).toMatchObject({ discount_type: 'pct', parcel: '1', payment_info: 'Pagamento em 30 dias' });
    expect(values.rows[0]).toMatchObject({ quantity: '1', product_type_id: 1, exposition_type_id: 1 });
  });

  it('removing the last row leaves a blank one; removing another keeps the rest', () => {
    const hotel = { uid: 'a', row_id: 'custo-1', product_id: null, name: 'Hospedagem', quantity: '1', value: '300' };
    const two = addRow('costs', [hotel]);
    expect(removeRow('costs', two, 1)).toEqual([hotel]);
    const blank = removeRow('costs', removeRow('costs', two, 1), 0);
    expect(blank).toEqual([
      { uid: expect.any(String), row_id: expect.stringMatching(/^[0-9a-f]{24}$/), product_id: null, name: '', quantity: '1', value: '' },
    ]);
    expect(blank[0]!.uid).not.toBe('a');
  });

  it('a line added gets a new row_id; a stored line keeps its own, and one stored without keeps none (the server gives it)', () => {
    const added = addRow('rows', addRow('rows', []));
    expect(added.map((row) => row.row_id)).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)]);
    expect(added[0]!.row_id).not.toBe(added[1]!.row_id);
    const stored = {
      rows: [
        {
          row_id: 'linha-1',
          product_id: null,
          name: 'Ruído',
          product_type_id: 3,
          sector: null,
          function: null,
          exposition_type_id: 1,
          daily_exposition: null,
          quantity: 1,
          value: 1,
          unit_type: null,
        },
        // A quotation pulled before lines had ids.
        {
          product_id: null,
          name: 'Calor',
          product_type_id: 4,
          sector: null,
          function: null,
          exposition_type_id: 1,
          daily_exposition: null,
          quantity: 1,
          value: 1,
          unit_type: null,
        },
      ],
      deadlines: [{ row_id: 'prazo-1', activity: 'Campo', description: null }],
    } as unknown as Parameters<typeof quotationFormValues>[0];
    const values = { ...quotationFormValues(stored), customer_key: 'c1' };
    expect(values.rows.map((row) => row.row_id)).toEqual(['linha-1', '']);
    const read = readQuotationForm(values);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect((read.fields.rows as Array<{ row_id: string }>).map((row) => row.row_id)).toEqual(['linha-1', '']);
    expect(read.fields.deadlines).toEqual([{ row_id: 'prazo-1', activity: 'Campo', description: null }]);
  });
});

describe('totals', () => {
  it.each([
    ['2 × 100,50', '2', '', 'pct', 20_100, 20_100],
    ['3 × 100,50', '3', '', 'pct', 30_150, 30_150],
    ['10 % off', '2', '10', 'pct', 20_100, 18_090],
    ['150 % counts as 100', '2', '150', 'pct', 20_100, 0],
    ['R$ 50 off', '2', '50', 'value', 20_100, 15_100],
  ])('%s', (_case, quantity, discount, type, subtotal, total) => {
    const values = filled({ discount, discount_type: type as 'pct' | 'value' });
    values.rows[0]!.quantity = quantity;
    const totals = formTotals(values);
    expect(totals.subtotalCents).toBe(subtotal);
    expect(totals.totalCents).toBe(total);
  });

  it('adds services and costs, and divides by the instalments', () => {
    const values = filled({ parcel: '3' });
    values.services[0] = { uid: 's', row_id: 's1', product_id: 4, name: 'Laudo', quantity: '1', value: '99,50' };
    values.costs[0] = { uid: 'c', row_id: 'c1', product_id: null, name: 'Deslocamento', quantity: '2', value: '0,25' };
    const totals = formTotals(values);
    expect(totals.subtotalCents).toBe(20_100 + 9_950 + 50);
    expect(totals.instalmentCents).toBe(Math.round(30_100 / 3));
  });

  it('caps a typed percentage at 100, never a value discount', () => {
    expect(capDiscount('150', 'pct')).toBe('100');
    expect(capDiscount('99,5', 'pct')).toBe('99,5');
    expect(capDiscount('150', 'value')).toBe('150');
  });
});

describe('read at Salvar', () => {
  it('asks for the customer and for something to total', () => {
    const read = readQuotationForm(quotationFormValues());
    expect(read).toEqual({ ok: false, errors: { customer: 'Cliente é obrigatório', total: 'Total é obrigatório' } });
  });

  it('refuses instalments below 1 and bad quantities at their rows', () => {
    const values = filled({ parcel: '0' });
    values.rows[0]!.quantity = '0';
    const read = readQuotationForm(values);
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.errors).toMatchObject({ parcel: 'O número mínimo de parcelas é 1', 'rows.0.quantity': 'Quantidade deve ser maior que zero' });
  });

  it('drops rows without a product and blank lines, with the total from the domain', () => {
    const values = filled({ discount: '10' });
    values.rows = addRow('rows', values.rows);
    values.deadlines = [
      { uid: 'd1', row_id: 'd1', activity: 'Campo', description: '' },
      { uid: 'd2', row_id: 'd2', activity: '', description: '' },
    ];
    const read = readQuotationForm(values);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.fields.rows).toEqual([expect.objectContaining({ name: 'Ruído', quantity: 2, value: 100.5 })]);
    expect(read.fields).toMatchObject({
      services: [],
      costs: [],
      equipments: [],
      deadlines: [{ row_id: 'd1', activity: 'Campo', description: null }],
    });
    expect(read.fields).toMatchObject({ customer_key: 'c1', total: 180.9, discount: 10, parcel: 1, payment_info: 'Pagamento em 30 dias' });
  });

  it('the seller: the signed-in user on a new quotation, else the record seller; sent as a number or null', () => {
    expect(quotationFormValues(undefined, 7).created_by).toBe('7');
    expect(quotationFormValues(undefined, null).created_by).toBe('');
    const read = readQuotationForm(filled({ created_by: '12' }));
    expect(read.ok && read.fields.created_by).toBe(12);
    const none = readQuotationForm(filled({ created_by: '' }));
    expect(none.ok && none.fields.created_by).toBeNull();
  });

  it('details: an empty document is saved as null, a document as it is', () => {
    const empty = readQuotationForm(filled({ details: { type: 'doc', content: [{ type: 'paragraph' }] } }));
    expect(empty.ok && empty.fields.details).toBeNull();
    const doc = { type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'Escopo' }] }] };
    const read = readQuotationForm(filled({ details: doc }));
    expect(read.ok && read.fields.details).toEqual(doc);
  });
});

describe('the discount at Salvar (as Qtd. and Valor un.: a message at the field, nothing saved)', () => {
  // The row gives a subtotal of R$ 201,00.
  it.each<[string, string, 'pct' | 'value', string | null]>([
    ['letters in a percentage', 'abc', 'pct', 'Desconto inválido'],
    ['letters in reais', 'abc', 'value', 'Desconto inválido'],
    ['a negative percentage', '-5', 'pct', 'Desconto deve ser maior ou igual a zero'],
    ['a negative value', '-5', 'value', 'Desconto deve ser maior ou igual a zero'],
    ['three decimals in reais', '10,555', 'value', 'Use no máximo duas casas decimais'],
    ['R$ above the subtotal', '201,01', 'value', 'Desconto não pode ser maior que o subtotal'],
    ['R$ equal to the subtotal', '201,00', 'value', null],
    ['a percentage', '12,5', 'pct', null],
    ['blank', '', 'value', null],
  ])('%s', (_case, discount, type, message) => {
    const read = readQuotationForm(filled({ discount, discount_type: type }));
    if (message === null) expect(read.ok).toBe(true);
    else expect(read).toEqual({ ok: false, errors: { discount: message } });
  });

  it('saves a valid discount as typed: reais for R$, the percentage capped at 100', () => {
    const value = readQuotationForm(filled({ discount: '1.5', discount_type: 'value' }));
    expect(value.ok && value.fields.discount).toBe(1.5);
    const pct = readQuotationForm(filled({ discount: '12,5', discount_type: 'pct' }));
    expect(pct.ok && pct.fields.discount).toBe(12.5);
  });
});

describe('the delivery date (start + duration_time days)', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    ['start and duration', '01/12/2026', '30', { delivery_date: '2026-12-31', duration_time: 30 }],
    ['across the year', '20/12/2026', '15', { delivery_date: '2027-01-04', duration_time: 15 }],
    ['the duration alone', '', '20', { delivery_date: null, duration_time: 20 }],
    ['neither', '', '', { delivery_date: null, duration_time: null }],
  ])('%s', (_case, start_date, duration_time, expected) => {
    const read = readQuotationForm(filled({ start_date, duration_time }));
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.fields).toMatchObject(expected);
  });

  it.each<[string, string, string, Record<string, string>]>([
    ['a start without a duration', '01/12/2026', '', { duration_time: 'Informe o prazo em dias para calcular a data de entrega' }],
    ['a fractional duration', '01/12/2026', '1,5', { duration_time: 'Prazo deve ser um número inteiro de dias' }],
    ['letters as duration', '', 'dez', { duration_time: 'Prazo deve ser um número inteiro de dias' }],
    ['an impossible start', '31/02/2026', '10', { start_date: 'Data inválida' }],
  ])('refuses %s at its field', (_case, start_date, duration_time, errors) => {
    expect(readQuotationForm(filled({ start_date, duration_time }))).toEqual({ ok: false, errors });
  });

  it('opens a stored quotation with its start back from the delivery date and duration', () => {
    const stored = { delivery_date: '2026-12-31', duration_time: 30 };
    expect(quotationFormValues(stored as never)).toMatchObject({ start_date: '01/12/2026', duration_time: '30' });
    // A delivery date without a duration (another client wrote it) keeps its date.
    const dateOnly = quotationFormValues({ delivery_date: '2026-12-31', duration_time: null } as never);
    expect(dateOnly).toMatchObject({ start_date: '31/12/2026', duration_time: '0' });
    const read = readQuotationForm({ ...dateOnly, customer_key: 'c1', rows: filled().rows });
    expect(read.ok && read.fields.delivery_date).toBe('2026-12-31');
  });
});
