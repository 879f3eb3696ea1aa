/**
 * The address tabs' rules (src/features/customers/address-drafts.ts):
 * default labels, the first tab kept, drafts following the store unless
 * changed here, masks and capitalisation, what a save writes.
 */
import { describe, expect, it } from 'vitest';
import {
  addDraft,
  canRemoveDraft,
  changeAddress,
  initialDrafts,
  isBlankAddress,
  markSaved,
  mergeLines,
  readAddress,
  removeDraft,
  tabLabel,
  updateDraft,
} from '@/features/customers/address-drafts';
import type { LocalCustomerAddress } from '@sync/store/registry/customer-records';

function line(key: string, overrides: Partial<LocalCustomerAddress> = {}): LocalCustomerAddress {
  return {
    key,
    id: 1,
    created_at: null,
    updated_at: null,
    customer_key: 'c1',
    customer_id: 5,
    label: 'Endereço Principal',
    zipcode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    address: 'Avenida Paulista, 1000',
    address2: null,
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    ...overrides,
  };
}

describe('tabs and labels', () => {
  it("starts a customer without addresses with one blank 'Endereço Principal' tab", () => {
    const drafts = initialDrafts([]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ key: null, dirty: false, values: { label: 'Endereço Principal', zipcode: '', state: null } });
  });

  it("labels added tabs 'Novo Endereço', then 'Novo Endereço 2'…, and only the first tab cannot be removed", () => {
    const drafts = addDraft(addDraft(initialDrafts([])));
    expect(drafts.map((draft, index) => tabLabel(draft, index))).toEqual(['Endereço Principal', 'Novo Endereço', 'Novo Endereço 2']);
    expect([0, 1, 2].map(canRemoveDraft)).toEqual([false, true, true]);
    expect(removeDraft(drafts, drafts[0]!.tabId)).toHaveLength(3);
    expect(removeDraft(drafts, drafts[1]!.tabId).map((draft) => draft.tabId)).toEqual([drafts[0]!.tabId, drafts[2]!.tabId]);
  });

  it('never gives a new tab the title of another tab', () => {
    const three = addDraft(addDraft(addDraft(initialDrafts([]))));
    expect(three.map((draft) => draft.values.label)).toEqual(['Endereço Principal', 'Novo Endereço', 'Novo Endereço 2', 'Novo Endereço 3']);
    // The lowest free number comes back once its tab is gone or renamed.
    const removed = addDraft(removeDraft(three, three[1]!.tabId));
    expect(removed.map((draft) => draft.values.label)).toEqual(['Endereço Principal', 'Novo Endereço 2', 'Novo Endereço 3', 'Novo Endereço']);
    const renamed = addDraft(updateDraft(three, three[3]!.tabId, { label: 'Fábrica' }));
    expect(renamed.map((draft) => draft.values.label)).toEqual([
      'Endereço Principal',
      'Novo Endereço',
      'Novo Endereço 2',
      'Fábrica',
      'Novo Endereço 3',
    ]);
  });

  it('shows a blank label as the default of its place', () => {
    const [first] = initialDrafts([line('a', { label: null })]);
    expect(first!.values.label).toBe('Endereço Principal');
    expect(tabLabel({ ...first!, values: { ...first!.values, label: '  ' } }, 1)).toBe('Novo Endereço');
  });
});

describe('drafts and the store', () => {
  it('untouched drafts follow the store; changed ones keep what was typed', () => {
    const drafts = initialDrafts([line('a'), line('b', { label: 'Fábrica' })]);
    const typed = updateDraft(drafts, 'b', { number: '55' });
    const merged = mergeLines(typed, [line('a', { street: 'Rua Nova' }), line('b', { label: 'Fábrica', number: '77' })]);
    expect(merged[0]!.values.street).toBe('Rua Nova');
    expect(merged[1]!.values.number).toBe('55');
  });

  it('adds lines that arrive, drops lines that left unless changed here, keeps new tabs', () => {
    const drafts = addDraft(initialDrafts([line('a'), line('b')]));
    const changedB = updateDraft(drafts, 'b', { city: 'Campinas' });
    const merged = mergeLines(changedB, [line('a'), line('c', { label: 'Depósito' })]);
    expect(merged.map((draft) => [draft.key, draft.values.label])).toEqual([
      ['a', 'Endereço Principal'],
      [null, 'Endereço Principal'], // b was deleted elsewhere but changed here: kept, to be saved again
      [null, 'Novo Endereço'],
      ['c', 'Depósito'],
    ]);
    const untouched = mergeLines(initialDrafts([line('a'), line('b')]), [line('a')]);
    expect(untouched.map((draft) => draft.key)).toEqual(['a']);
  });

  it('a saved tab becomes the line and stops being dirty', () => {
    const drafts = addDraft(initialDrafts([]));
    const saved = markSaved(drafts, drafts[1]!.tabId, 'line-9');
    expect(saved[1]).toMatchObject({ key: 'line-9', dirty: false });
  });
});

describe('values', () => {
  it.each([
    ['CEP masked', { zipcode: '01310100' }, 'zipcode', '01.310-100'],
    ['CEP stops at 8 digits', { zipcode: '013101009999' }, 'zipcode', '01.310-100'],
    ['street capitalised', { street: 'rua barão de jaguara' }, 'street', 'Rua Barão de Jaguara'],
    ['district capitalised', { district: 'vila mariana' }, 'district', 'Vila Mariana'],
    ['city capitalised', { city: 'são josé dos campos' }, 'city', 'São José dos Campos'],
    ['number as typed', { number: 's/n' }, 'number', 's/n'],
  ] as const)('%s', (_case, patch, field, expected) => {
    expect(changeAddress(initialDrafts([])[0]!.values, patch)[field]).toBe(expected);
  });

  it('reads what a save writes, blank fields as null and the default label', () => {
    const values = changeAddress(initialDrafts([])[0]!.values, { label: '', zipcode: '13010001', street: 'Rua A', state: 'SP' });
    expect(readAddress(values, 1)).toEqual({
      ok: true,
      fields: { label: 'Novo Endereço', zipcode: '13010001', street: 'Rua A', number: null, address2: null, district: null, city: null, state: 'SP' },
    });
  });

  it('refuses an incomplete CEP and an unknown state', () => {
    const values = { ...initialDrafts([])[0]!.values, zipcode: '01.310', state: 'XX' };
    expect(readAddress(values, 0)).toEqual({ ok: false, errors: { zipcode: 'CEP inválido', state: 'Estado inválido' } });
  });

  it('calls a tab blank when nothing but a default label is in it; a label of its own counts', () => {
    const values = initialDrafts([])[0]!.values;
    expect(isBlankAddress(values)).toBe(true);
    expect(isBlankAddress({ ...values, label: '  ' })).toBe(true);
    expect(isBlankAddress({ ...values, label: 'Novo Endereço 2' })).toBe(true);
    expect(isBlankAddress({ ...values, label: 'Matriz' })).toBe(false);
    expect(isBlankAddress({ ...values, state: 'SP' })).toBe(false);
    expect(isBlankAddress({ ...values, number: '1' })).toBe(false);
  });
});
