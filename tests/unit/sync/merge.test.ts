/**
 * The three-way merge of a conflict (base, mine, theirs), as tables: which
 * fields merge alone and which the user must choose, nested values merged
 * further down (json-merge.test.ts has the document cases), references
 * compared by key or id and taken as one unit; then properties over random
 * records: a field changed on one side only is never lost, and swapping
 * "mine" and "theirs" gives the same merge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carryForward, mergeUnitsOf, resolveMerge, sameReference, threeWayMerge, type MergeUnit } from '@sync/engine/merge';
import { sameValue } from '@sync/store/local-record';
import { createDefaultRegistry } from '@sync/store/registry';
import type { RecordFields } from '@sync/store/types';

const plain = (...fields: string[]): MergeUnit[] =>
  fields.map((field) => ({ field, carries: [field], same: (a: RecordFields, b: RecordFields) => sameValue(a[field], b[field]), nested: true }));
const keys = (result: { conflicts: { key: string }[] }) => result.conflicts.map((conflict) => conflict.key);
const units = plain('name', 'price', 'lines', 'notes');
const lines = (...items: [string, number][]) => items.map(([description, quantity]) => ({ description, quantity }));

describe('sameValue: deep equality of field values', () => {
  it.each([
    ['equal strings', 'a', 'a', true],
    ['null and empty string', null, '', true],
    ['undefined and null', undefined, null, true],
    ['0 and null', 0, null, false],
    ['1 and "1"', 1, '1', false],
    ['arrays in order', [1, 2], [1, 2], true],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['arrays of different length', [1], [1, 1], false],
    ['objects in another key order', { a: 1, b: [{ c: 2, d: 3 }] }, { b: [{ d: 3, c: 2 }], a: 1 }, true],
    ['a missing key and null', { a: 1, note: null }, { a: 1 }, true],
    ['a nested value changed', { lines: lines(['Ruído', 1]) }, { lines: lines(['Ruído', 2]) }, false],
    ['an array and an object', [], {}, false],
    ['empty array and null', [], null, false],
  ])('%s → %s', (_what, a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
    expect(sameValue(b, a)).toBe(same);
  });
});

describe('threeWayMerge', () => {
  const base = { name: 'Diária', price: 300, lines: lines(['Ruído', 1]), notes: null };
  it.each([
    ['nothing changed', {}, {}, {}, []],
    ['only mine changed the price', { price: 350 }, {}, { price: 350 }, []],
    ['only theirs changed the name', {}, { name: 'Diária técnica' }, { name: 'Diária técnica' }, []],
    ['mine the price, theirs the name: both kept', { price: 350 }, { name: 'Diária técnica' }, { name: 'Diária técnica', price: 350 }, []],
    ['both the price, to the same value', { price: 350 }, { price: 350 }, { price: 350 }, []],
    ['both the price, to different values', { price: 350 }, { price: 400 }, { price: 350 }, ['price']],
    ['both several fields', { name: 'A', price: 1 }, { name: 'B', price: 2 }, { name: 'A', price: 1 }, ['name', 'price']],
    ['mine emptied the notes, theirs the name', { notes: '' }, { name: 'X' }, { name: 'X' }, []],
    ['only theirs changed the lines (nested)', {}, { lines: lines(['Ruído', 2]) }, { lines: lines(['Ruído', 2]) }, []],
    [
      'only mine added a line',
      { lines: lines(['Ruído', 1], ['Poeira', 1]) },
      { price: 9 },
      { price: 9, lines: lines(['Ruído', 1], ['Poeira', 1]) },
      [],
    ],
    [
      'both changed the lines (no ids, so by position): their edit of line 1 and my new line 2 both kept',
      { lines: lines(['Ruído', 1], ['Poeira', 1]) },
      { lines: lines(['Ruído', 3]) },
      { lines: lines(['Ruído', 3], ['Poeira', 1]) },
      [],
    ],
    [
      'both changed the quantity of line 1: one conflict, on that leaf',
      { lines: lines(['Ruído', 2]) },
      { lines: lines(['Ruído', 3]) },
      { lines: lines(['Ruído', 2]) },
      ['lines/#0/quantity'],
    ],
    [
      'both changed the lines the same way, keys in another order',
      { lines: [{ quantity: 5, description: 'Ruído' }] },
      { lines: lines(['Ruído', 5]) },
      { lines: lines(['Ruído', 5]) },
      [],
    ],
  ])('%s', (_what, mineChanges, theirsChanges, expectedChanges, conflicts) => {
    const result = threeWayMerge(base, { ...base, ...mineChanges }, { ...base, ...theirsChanges }, units);
    expect(keys(result)).toEqual(conflicts);
    for (const unit of units) expect(unit.same(result.merged, { ...base, ...expectedChanges }), unit.field).toBe(true);
  });

  it('without a base, every field that differs is a conflict', () => {
    const result = threeWayMerge(null, { name: 'A', price: 1 }, { name: 'A', price: 2 }, plain('name', 'price'));
    expect(keys(result)).toEqual(['price']);
    expect(result.conflicts[0]).toEqual({ path: ['price'], key: 'price', mine: 1, theirs: 2 });
  });
});

describe('references', () => {
  it.each([
    ['same key', 'k1', 1, 'k1', 1, true],
    ['same key, one side without id yet', 'k1', null, 'k1', 1, true],
    ['other key', 'k1', 1, 'k2', 2, false],
    ['no key on one side, same id', null, 1, 'k1', 1, true],
    ['no key on one side, other id', null, 3, 'k1', 1, false],
    ['both empty', null, null, null, null, true],
    ['one empty', 'k1', 1, null, null, false],
  ])('%s → %s', (_what, keyA, idA, keyB, idB, same) => {
    expect(sameReference(keyA, idA, keyB, idB)).toBe(same);
    expect(sameReference(keyB, idB, keyA, idA)).toBe(same);
  });

  it('a reference is one unit: id, local key and copied fields travel together', () => {
    const registry = createDefaultRegistry();
    const equipment = mergeUnitsOf(registry.get('equipment'));
    const category = equipment.find((unit) => unit.field === 'category_id')!;
    expect(category.carries).toEqual(['category_id', 'category_key']);
    const base = { name: 'Bomba', category_id: 1, category_key: 'c1' };
    const result = threeWayMerge(base, { ...base, name: 'Bomba 2' }, { ...base, category_id: 2, category_key: 'c2' }, equipment);
    expect(result.conflicts).toEqual([]);
    const both = threeWayMerge(base, { ...base, category_id: 3, category_key: 'c3' }, { ...base, category_id: 2, category_key: 'c2' }, equipment);
    expect(keys(both)).toEqual(['category_id']);
    expect(both.merged).toMatchObject({ category_id: 3, category_key: 'c3' });
    expect(result.merged).toMatchObject({ name: 'Bomba 2', category_id: 2, category_key: 'c2' });
    const line = mergeUnitsOf(registry.get('product_equipments')).find((unit) => unit.field === 'equipment_id');
    expect(line?.carries).toEqual(expect.arrayContaining(['equipment_id', 'equipment_key', 'name']));
  });
});

describe('resolveMerge: the user chooses per field', () => {
  const base = { name: 'Diária', price: 300, lines: [], notes: null };
  const mine = { ...base, name: 'Minha', price: 350, notes: 'só aqui' };
  const theirs = { ...base, name: 'Deles', price: 400, lines: lines(['Ruído', 1]) };
  const result = threeWayMerge(base, mine, theirs, units);

  it.each([
    [
      { name: 'mine', price: 'mine' },
      { name: 'Minha', price: 350 },
    ],
    [
      { name: 'theirs', price: 'mine' },
      { name: 'Deles', price: 350 },
    ],
    [
      { name: 'theirs', price: 'theirs' },
      { name: 'Deles', price: 400 },
    ],
  ] as const)('%j → %j, one-side changes kept either way', (choices, chosen) => {
    expect(resolveMerge(result, mine, theirs, units, choices)).toEqual({ ...chosen, lines: lines(['Ruído', 1]), notes: 'só aqui' });
  });

  it('refuses to choose for the user when a conflicting field has no choice', () => {
    expect(resolveMerge(result, mine, theirs, units, { name: 'mine' })).toBeNull();
  });
});

describe('carryForward: later changes made on top of the merged one', () => {
  it('take the merge where they still hold the old value, and keep what was edited later', () => {
    const before = { name: 'Diária', price: 350 };
    const after = { name: 'Diária técnica', price: 350 };
    expect(carryForward({ name: 'Diária', price: 360 }, before, after, plain('name', 'price'))).toEqual({ name: 'Diária técnica', price: 360 });
    expect(carryForward({ name: 'Renomeada', price: 360 }, before, after, plain('name', 'price'))).toEqual({ name: 'Renomeada', price: 360 });
  });

  it('inside a document, per leaf: a leaf edited later stays, the others take the merge', () => {
    const before = { block: { ghe: 'GHE 1', register: 'M-1', equipment: null } };
    const after = { block: { ghe: 'GHE 1', register: 'M-1', equipment: 'Prensa 4' } };
    const later = { block: { ghe: 'GHE 2', register: 'M-1', equipment: null } };
    expect(carryForward(later, before, after, plain('block'))).toEqual({ block: { ghe: 'GHE 2', register: 'M-1', equipment: 'Prensa 4' } });
  });
});

describe('properties', () => {
  const value = fc.oneof(
    fc.constantFrom<unknown>(null, '', 'a', 'b', 0, 1, 2.5, true),
    fc.array(fc.record({ description: fc.constantFrom('Ruído', 'Poeira'), quantity: fc.integer({ min: 0, max: 3 }) }), { maxLength: 3 }),
    fc.array(
      fc.record({
        row_id: fc.constantFrom('r1', 'r2', 'r3'),
        description: fc.constantFrom('Ruído', 'Poeira'),
        quantity: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 3 },
    ),
    fc.record({ ghe: fc.constantFrom(null, 'GHE 1', 'GHE 2'), register: fc.constantFrom(null, 'M-1', 'M-2') }, { requiredKeys: [] }),
  );
  const structured = (item: unknown) => item !== null && typeof item === 'object';
  /** Arrays in a canonical order (two sides' new rows may come in either order), for comparing merges made from either side. */
  const canonical = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(canonical).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (structured(item)) {
      // Keys in one order too, and empty values left out (deep equality takes null, missing and '' alike).
      const entries = Object.entries(item as RecordFields).filter(([, inner]) => inner !== null && inner !== undefined && inner !== '');
      return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, canonical(inner)]));
    }
    return item;
  };
  const fields = ['name', 'price', 'lines', 'notes'];
  const record = fc.record(Object.fromEntries(fields.map((field) => [field, value])) as Record<string, fc.Arbitrary<unknown>>);
  /** Each field: unchanged, or changed to a random value, on each side. */
  const sides = fc.tuple(
    record,
    fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    record,
    fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    record,
  );
  const runs = Number(process.env.MERGE_PROPERTY_RUNS ?? 500);

  function build([base, mineChanged, mineValues, theirsChanged, theirsValues]: [RecordFields, boolean[], RecordFields, boolean[], RecordFields]) {
    const mine = { ...base };
    const theirs = { ...base };
    fields.forEach((field, index) => {
      if (mineChanged[index]) mine[field] = mineValues[field];
      if (theirsChanged[index]) theirs[field] = theirsValues[field];
    });
    return { base, mine, theirs };
  }

  it('never loses a field changed on one side only, and conflicts only where both changed it differently', () => {
    fc.assert(
      fc.property(sides, (drawn) => {
        const { base, mine, theirs } = build(drawn);
        const result = threeWayMerge(base, mine, theirs, units);
        for (const field of fields) {
          const mineChanged = !sameValue(base[field], mine[field]);
          const theirsChanged = !sameValue(base[field], theirs[field]);
          if (mineChanged && !theirsChanged) expect(sameValue(result.merged[field], mine[field])).toBe(true);
          if (theirsChanged && !mineChanged) expect(sameValue(result.merged[field], theirs[field])).toBe(true);
          if (!mineChanged && !theirsChanged) expect(sameValue(result.merged[field], base[field])).toBe(true);
          const conflicting = mineChanged && theirsChanged && !sameValue(mine[field], theirs[field]);
          const asked = result.conflicts.filter((conflict) => conflict.path[0] === field);
          // Only a value changed on both sides differently can be a question; a plain value (a leaf) always is.
          if (!conflicting) expect(asked).toEqual([]);
          if (conflicting && !(structured(mine[field]) && structured(theirs[field]))) expect(asked.map((conflict) => conflict.key)).toEqual([field]);
          if (!conflicting && mineChanged && theirsChanged) expect(sameValue(result.merged[field], mine[field])).toBe(true);
        }
      }),
      { numRuns: runs },
    );
  });

  it('is the same whichever side is "mine" (once each conflict is chosen the same way)', () => {
    fc.assert(
      fc.property(sides, fc.boolean(), (drawn, pickFirst) => {
        const { base, mine, theirs } = build(drawn);
        const forward = threeWayMerge(base, mine, theirs, units);
        const backward = threeWayMerge(base, theirs, mine, units);
        expect(keys(backward).sort()).toEqual(keys(forward).sort());
        // Choosing the same version of each conflicting field from either point of view gives the same record.
        const a = resolveMerge(forward, mine, theirs, units, Object.fromEntries(keys(forward).map((key) => [key, pickFirst ? 'mine' : 'theirs'])))!;
        const b = resolveMerge(backward, theirs, mine, units, Object.fromEntries(keys(backward).map((key) => [key, pickFirst ? 'theirs' : 'mine'])))!;
        for (const field of fields) expect(sameValue(canonical(a[field]), canonical(b[field])), field).toBe(true);
      }),
      { numRuns: runs },
    );
  });
});
