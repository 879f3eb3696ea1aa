/**
 * Keeping the quotation page's props the same between renders where their
 * content is, so the memoised sections (line tables, customer, seller,
 * details) skip a keystroke that does not concern them: a list of figures
 * that did not change keeps its identity, and the field change handler is
 * one function for the page's life.
 */
import { type Dispatch, type SetStateAction, useCallback, useRef } from 'react';

/** The same array as last time when every number is equal (the line totals of a list nobody edited). */
export function useStableNumbers(values: number[]): number[] {
  const previous = useRef(values);
  const same = previous.current.length === values.length && previous.current.every((value, index) => value === values[index]);
  if (!same) previous.current = values;
  return previous.current;
}

/** `change(patch, field)`: the values patched and that field's message cleared, as useRecordEditor's `change`, but stable. */
export function useFieldChange<V>(
  setValues: Dispatch<SetStateAction<V>>,
  setErrors: Dispatch<SetStateAction<Partial<Record<string, string>>>>,
): (patch: Partial<V>, field: string) => void {
  return useCallback(
    (patch: Partial<V>, field: string) => {
      setValues((current) => ({ ...current, ...patch }));
      setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
    },
    [setValues, setErrors],
  );
}
