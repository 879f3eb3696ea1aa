/**
 * The quotation's line tables' handlers (change a line, add one, remove
 * one), the same functions on every render, so a memoised row is not
 * re-rendered by the page. A change writes only the fields it names
 * (the row hears it through its own subscription, use-quotation-form.ts);
 * adding and removing replace the list. Choosing an agent refreshes the
 * equipment table from the agents now chosen (spec section 4). What they
 * need that changes between renders (the device's agents) is read through
 * a ref when they run.
 */
import { useMemo, useRef } from 'react';
import { addRow, removeRow, type LineList, type QuotationFormValues, type RowValues } from './quotation-form-values';
import type { QuotationFormApi } from './use-quotation-form';

export interface LineHandlers<K extends LineList> {
  onChange: (index: number, patch: Partial<QuotationFormValues[K][number]>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

export type AllLineHandlers = { [K in LineList]: LineHandlers<K> };

export interface LineHandlersDeps {
  api: QuotationFormApi;
  /** The equipment table for these agent rows (the current one refreshed from them). */
  agentEquipment: (rows: RowValues[], current: QuotationFormValues['equipments']) => QuotationFormValues['equipments'];
}

const LISTS: readonly LineList[] = ['rows', 'services', 'costs', 'equipments', 'deadlines'];

export function useLineHandlers(deps: LineHandlersDeps): AllLineHandlers {
  const latest = useRef(deps);
  latest.current = deps;
  return useMemo(() => {
    const refreshEquipment = () => {
      const { api, agentEquipment } = latest.current;
      const values = api.values();
      api.setList('equipments', agentEquipment(values.rows, values.equipments));
    };
    const handlersOf = <K extends LineList>(list: K): LineHandlers<K> => ({
      onChange: (index, patch) => {
        for (const [field, value] of Object.entries(patch)) latest.current.api.set(`${list}.${index}.${field}`, value);
        if (list === 'rows' && 'product_key' in patch) refreshEquipment();
      },
      onAdd: () => {
        const { api } = latest.current;
        api.setList(list, addRow(list, api.values()[list]));
      },
      onRemove: (index) => {
        const { api } = latest.current;
        api.setList(list, removeRow(list, api.values()[list], index));
        if (list === 'rows') refreshEquipment();
      },
    });
    return Object.fromEntries(LISTS.map((list) => [list, handlersOf(list)])) as unknown as AllLineHandlers;
  }, []);
}
