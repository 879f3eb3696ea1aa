/**
 * The small rules behind the catalog forms, as tables: money and date text,
 * calibration expiry, route parameters (server id or local key), the
 * chemical type and the agent form's schema (CAS kept only for chemicals).
 */
import { describe, expect, it } from 'vitest';
import { isServerIdParam, routeParamOf } from '@sync/react/use-route-record';
import { agentFormSchema, agentValues, type AgentValues } from '@/features/agents/agent-form';
import { defaultProductType, isChemicalType } from '@/features/agents/product-type';
import { z } from 'zod';
import { equipmentFormSchema, equipmentValues } from '@/features/equipment/equipment-form';
import { expiryStatus } from '@/entities/equipment/expiry';
import { moneyToText, parseDateText, parseMoneyText, todayIso } from '@/ui/inputs';
import type { LocalProductType } from '@sync/store/registry/catalog-records';

describe('parseMoneyText', () => {
  it.each([
    ['', { ok: true, reais: null }],
    ['  ', { ok: true, reais: null }],
    ['10', { ok: true, reais: 10 }],
    ['10,5', { ok: true, reais: 10.5 }],
    ['10.5', { ok: true, reais: 10.5 }],
    ['1.234,56', { ok: true, reais: 1234.56 }],
    ['R$ 1.234,56', { ok: true, reais: 1234.56 }],
    ['1.234.567', { ok: true, reais: 1234567 }],
    ['0', { ok: true, reais: 0 }],
    ['1.234', { ok: false, message: 'Use no máximo duas casas decimais' }],
    ['12,345', { ok: false, message: 'Use no máximo duas casas decimais' }],
    ['-5', { ok: false, message: 'O valor não pode ser negativo' }],
    ['doze', { ok: false, message: 'Valor inválido' }],
    ['1,2,3', { ok: false, message: 'Valor inválido' }],
    ['1,234.5', { ok: false, message: 'Valor inválido' }],
  ])('%j → %j', (text, expected) => {
    expect(parseMoneyText(text)).toEqual(expected);
  });

  it.each([
    [1234.5, '1234,50'],
    [0, '0,00'],
    [null, ''],
  ])('moneyToText(%j) reads back the same amount', (reais, text) => {
    expect(moneyToText(reais)).toBe(text);
    if (reais !== null) expect(parseMoneyText(text)).toEqual({ ok: true, reais });
  });
});

describe('parseDateText', () => {
  it.each([
    ['', { ok: true, iso: null }],
    ['21/11/2026', { ok: true, iso: '2026-11-21' }],
    ['29/02/2028', { ok: true, iso: '2028-02-29' }],
    ['29/02/2027', { ok: false, message: 'Data inválida' }],
    ['31/02/2030', { ok: false, message: 'Data inválida' }],
    ['21/11/20', { ok: false, message: 'Data inválida' }],
  ])('%j → %j', (text, expected) => {
    expect(parseDateText(text)).toEqual(expected);
  });

  it("takes the device's calendar day, not UTC's", () => {
    expect(todayIso(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
  });
});

describe('expiryStatus', () => {
  it.each([
    [null, null],
    ['', null],
    ['2026-11-20', 'expired'],
    ['2026-11-21', 'soon'], // the last valid day
    ['2026-12-21', 'soon'], // 30 days ahead
    ['2026-12-22', 'valid'],
  ])('%j on 2026-11-21 → %j', (date, status) => {
    expect(expiryStatus(date, '2026-11-21')).toBe(status);
  });
});

describe('route parameters', () => {
  it.each([
    ['42', true],
    ['0', false],
    ['007', true],
    ['99999999999', false],
    ['3f2b8c1e-9a4d-4b7e-8f00-1c2d3e4f5a6b', false],
    ['12a', false],
  ])('%j is a server id: %j', (param, expected) => {
    expect(isServerIdParam(param)).toBe(expected);
  });

  it('links by server id when known, else by local key', () => {
    expect(routeParamOf({ key: 'k-1', id: 42 })).toBe('42');
    expect(routeParamOf({ key: 'k-1', id: null })).toBe('k-1');
  });
});

const type = (fields: Partial<LocalProductType>): LocalProductType => ({
  key: 'k',
  id: null,
  created_at: null,
  updated_at: null,
  name: '',
  slug: null,
  price: null,
  ...fields,
});

describe('product types', () => {
  it.each([
    [{ slug: 'chemical', name: 'Agentes químicos' }, true],
    [{ slug: 'noise', name: 'Químico' }, false],
    [{ slug: null, name: ' Químico ' }, true],
    [{ slug: null, name: 'QUIMICO' }, true],
    [{ slug: null, name: 'Químicos' }, false],
  ])('%j is chemical: %j', (fields, expected) => {
    expect(isChemicalType(type(fields))).toBe(expected);
  });

  it('starts a new agent with type 1, else the vibration slug', () => {
    expect(defaultProductType([type({ key: 'a', id: 2 }), type({ key: 'b', id: 1 })])?.key).toBe('b');
    expect(defaultProductType([type({ key: 'a', slug: 'vibration' })])?.key).toBe('a');
    expect(defaultProductType([type({ key: 'a', slug: 'noise' })])).toBeUndefined();
  });
});

describe('agent form schema', () => {
  const filled: AgentValues = { ...agentValues(), name: ' Benzeno ', price: '10,5', type_key: 't', cas: '71-43-2', ipvs: ' ' };
  /** The schema with the chemical rule answering `chemical`. */
  const read = (values: AgentValues, chemical: boolean) => agentFormSchema(() => chemical).safeParse(values);

  it('saves the CAS only for a chemical agent and blanks as null', () => {
    expect(read(filled, true)).toEqual({
      success: true,
      data: expect.objectContaining({ name: 'Benzeno', price: 10.5, type_key: 't', cas: '71-43-2', ipvs: null }),
    });
    expect(read(filled, false)).toEqual({ success: true, data: expect.objectContaining({ cas: null }) });
  });

  it('keeps a type known only by id', () => {
    const result = read({ ...filled, type_key: null, type_id: 7 }, false);
    expect(result.success && result.data).toMatchObject({ type_id: 7 });
    expect(result.success && 'type_key' in result.data).toBe(false);
  });

  it('gives every message at once', () => {
    const result = read(agentValues(), false);
    expect(result.success).toBe(false);
    expect(result.error && z.flattenError(result.error).fieldErrors).toEqual({
      name: ['Nome é obrigatório'],
      type_key: ['Tipo de produto é obrigatório'],
      price: ['Preço é obrigatório'],
    });
  });
});

describe('equipment form schema', () => {
  it('stores the date as YYYY-MM-DD, blanks as null, and clears the category when none is picked', () => {
    const read = equipmentFormSchema.safeParse({ ...equipmentValues(), name: 'Dosímetro', expiration_date: '01/02/2027', serial_number: '  ' });
    expect(read).toEqual({
      success: true,
      data: {
        name: 'Dosímetro',
        serial_number: null,
        calibration_certificate: null,
        expiration_date: '2027-02-01',
        type: null,
        category_key: null,
      },
    });
  });

  it('keeps a category known only by id, and a picked category by key', () => {
    const values = { ...equipmentValues(), name: 'Bomba' };
    expect(equipmentFormSchema.parse({ ...values, category_id: 7 })).toMatchObject({ category_id: 7 });
    expect(equipmentFormSchema.parse({ ...values, category_id: 7 })).not.toHaveProperty('category_key');
    expect(equipmentFormSchema.parse({ ...values, category_key: 'k-1' })).toMatchObject({ category_key: 'k-1' });
  });

  it("refuses a blank name and an impossible date with the contract's messages", () => {
    const read = equipmentFormSchema.safeParse({ ...equipmentValues(), name: ' ', expiration_date: '30/02/2027' });
    expect(read.success).toBe(false);
    expect(read.error && z.flattenError(read.error).fieldErrors).toEqual({ name: ['Nome é obrigatório'], expiration_date: ['Data inválida'] });
  });
});
