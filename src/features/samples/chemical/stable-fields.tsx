/**
 * The tab inputs (type-fields/field-inputs.tsx) memoised for the chemical
 * tabs' long rows: a field renders again only when what it shows changes
 * (its value, label, path, hint, options), not when its row's other fields
 * are typed. The `onChange` a row hands them names the row and the field by
 * its index and key, both part of the path compared, so an earlier closure
 * does the same as the latest one.
 */
import { memo } from 'react';
import { ComputedField, DecimalField, OptionField, TextField, TimeField } from '../type-fields/field-inputs';

function sameShown<P extends object>(previous: P, next: P): boolean {
  for (const key of Object.keys(next) as Array<keyof P>) {
    if (key === 'onChange') continue;
    const a = previous[key];
    const b = next[key];
    if (a === b) continue;
    // Options lists are rebuilt per render: the same values are the same list.
    if (key === 'options' && JSON.stringify(a) === JSON.stringify(b)) continue;
    return false;
  }
  return Object.keys(previous).length === Object.keys(next).length;
}

export const StableTextField = memo(TextField, sameShown);
export const StableDecimalField = memo(DecimalField, sameShown);
export const StableTimeField = memo(TimeField, sameShown);
export const StableOptionField = memo(OptionField, sameShown);
export const StableComputedField = memo(ComputedField, sameShown);
