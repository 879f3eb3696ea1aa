/**
 * A quotation's totals are derived from its lines: a conflict never asks
 * about them (nor about a line's total), and the merged document's totals
 * are computed again.
 */
import { describe, expect, it } from 'vitest';
import { withDerivedFields } from '@sync/engine/conflict-merge';
import { mergeUnitsOf, threeWayMerge } from '@sync/engine/merge';
import { quotations } from '@sync/store/registry/quotations';
import type { RecordFields } from '@sync/store/types';

const row = (quantity: number, value: number) => ({
  product_id: 1,
  name: 'Ruído',
  product_type_id: 1,
  sector: null,
  function: null,
  exposition_type_id: 1,
  daily_exposition: null,
  quantity,
  value,
  unit_type: null,
});

function quotation(fields: Partial<RecordFields>): RecordFields {
  const document: RecordFields = { rows: [row(1, 100)], services: [], costs: [], discount: null, discount_type: 'value', parcel: 1, ...fields };
  return { ...document, ...quotations.derive!(document) };
}

describe('merging a quotation with derived totals', () => {
  const units = mergeUnitsOf(quotations);

  it('leaves the derived fields out of the merge units', () => {
    expect(units.map((unit) => unit.field)).not.toContain('total');
    expect(units.map((unit) => unit.field)).toContain('rows');
  });

  it.each([
    { case: 'lines here, discount there', mine: { rows: [row(2, 100)] }, theirs: { discount: 10 }, subtotal: 200, total: 190, conflicts: [] },
    { case: 'discount here, instalments there', mine: { discount: 50 }, theirs: { parcel: 2 }, subtotal: 100, total: 50, conflicts: [] },
    {
      case: 'a line’s quantity here, its unit value there (the line total follows both, never asked)',
      mine: { rows: [row(3, 100)] },
      theirs: { rows: [row(1, 150)] },
      subtotal: 450,
      total: 450,
      conflicts: [],
    },
    {
      case: 'both change a line’s quantity',
      mine: { rows: [row(3, 100)] },
      theirs: { rows: [row(2, 100)] },
      subtotal: 300,
      total: 300,
      conflicts: ['rows/#0/quantity'],
    },
  ])('$case: total $total, asks about $conflicts', ({ mine, theirs, subtotal, total, conflicts }) => {
    const base = quotation({});
    const mineDoc = quotation(mine);
    const theirsDoc = quotation(theirs);
    expect(mineDoc.total).not.toBe(base.total);
    const result = threeWayMerge(base, mineDoc, theirsDoc, units);
    expect(result.conflicts.map((conflict) => conflict.key)).toEqual(conflicts);
    const merged = withDerivedFields(quotations, result.merged, mineDoc);
    expect(merged.total).toBe(total);
    expect(merged.subtotal).toBe(subtotal);
  });
});
