/**
 * The payment conditions and exposition types a quotation chooses from:
 * the read-only lists `payment_types` and `exposition_types` kept on the
 * device (GET api/quotation/payment-type and api/quotation/exposition),
 * sorted by id, as select options. There is no built-in copy: a device
 * pulls them at its first sync, which follows the first (online) sign-in.
 * An id the device does not know (a type removed on the server, or a list
 * not pulled yet) stays selected under 'Tipo nº {id}', so opening and saving
 * a quotation never changes it.
 */
import { useMemo } from 'react';
import { useLocalList } from '@sync/react/use-local-record';

export const LOOKUP_TEXTS = {
  unknown: (id: string) => `Tipo nº ${id}`,
} as const;

export interface LookupOption {
  value: string;
  label: string;
}

export function useLookupList(resource: 'payment_types' | 'exposition_types'): LookupOption[] {
  const list = useLocalList(resource);
  // The rows keep their identity until the list changes (the state object around them does not).
  const rows = list.loading ? null : list.rows;
  return useMemo(
    () =>
      (rows ?? [])
        .filter((row) => row.id !== null)
        .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
        .map((row) => ({ value: String(row.id), label: row.name })),
    [rows],
  );
}

/** The options, plus the current value when the list does not have it ('' is "none" and needs no option). */
export function lookupOptions(options: LookupOption[], current: string): LookupOption[] {
  if (current === '' || options.some((option) => option.value === current)) return options;
  return [{ value: current, label: LOOKUP_TEXTS.unknown(current) }, ...options];
}
