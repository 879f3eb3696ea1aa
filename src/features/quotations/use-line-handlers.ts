/**
 * The quotation's line tables' handlers (change a line, add one, remove
 * one), the same functions on every render, so a row whose values did not
 * change is not re-rendered (the agents table's rows are memoised): typing
 * in one of 100 rows re-renders that row and the figures, not the table.
 * What they need that changes between renders (the device's agents, for the
 * equipment refresh) is read through a ref when they run.
 */
import { type Dispatch, type SetStateAction, useMemo, useRef } from 'react';
import { addRow, removeRow, type LineList, type QuotationFormValues, type RowValues } from './quotation-form-values';

export interface LineHandlers<K extends LineList> {
  onChange: (index: number, patch: Partial<QuotationFormValues[K][number]>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

export type AllLineHandlers = { [K in LineList]: LineHandlers<K> };

export interface LineHandlersDeps {
  setValues: Dispatch<SetStateAction<QuotationFormValues>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<string, string>>>>;
  /** The values with these agent rows and the equipment table refreshed from them. */
  withAgentEquipment: (current: QuotationFormValues, rows: RowValues[]) => QuotationFormValues;
}

const LISTS: readonly LineList[] = ['rows', 'services', 'costs', 'equipments', 'deadlines'];

export function useLineHandlers(deps: LineHandlersDeps): AllLineHandlers {
  const latest = useRef(deps);
  latest.current = deps;
  return useMemo(() => {
    const handlersOf = <K extends LineList>(list: K): LineHandlers<K> => ({
      onChange: (index, patch) => {
        latest.current.setValues((current) => {
          const lines = (current[list] as QuotationFormValues[K]).map((line, position) => (position === index ? { ...line, ...patch } : line));
          if (list === 'rows' && 'product_key' in patch) return latest.current.withAgentEquipment(current, lines as RowValues[]);
          return { ...current, [list]: lines };
        });
        // The line's messages go as it is edited, and 'Total é obrigatório' with them.
        latest.current.setErrors((current) => {
          const fields = Object.keys(patch).map((field) => `${list}.${index}.${field}`);
          if (!fields.some((field) => current[field]) && !current.total) return current;
          const next = { ...current };
          for (const field of fields) delete next[field];
          delete next.total;
          return next;
        });
      },
      onAdd: () => latest.current.setValues((current) => ({ ...current, [list]: addRow(list, current[list] as QuotationFormValues[K]) })),
      onRemove: (index) =>
        latest.current.setValues((current) => {
          const lines = removeRow(list, current[list] as QuotationFormValues[K], index);
          if (list === 'rows') return latest.current.withAgentEquipment(current, lines as RowValues[]);
          return { ...current, [list]: lines };
        }),
    });
    return Object.fromEntries(LISTS.map((list) => [list, handlersOf(list)])) as unknown as AllLineHandlers;
  }, []);
}
