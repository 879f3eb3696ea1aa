/**
 * The equipment table from the chosen agents (spec section 4: selecting an
 * agent refreshes the equipment list): every equipment line of every agent
 * chosen in the rows, the same equipment once with the quantities added,
 * in the order the agents are listed. Decided: the refresh replaces the
 * table (docs/decisions/quotation-screens.md); an equipment the table
 * already listed keeps its line's `row_id`, a new one gets a new id.
 */
import { newRowId } from '@sync/contract/row-id';
import type { LocalProductEquipment } from '@sync/react';
import { lineKey, type EquipmentValues, type RowValues } from './quotation-form-values';

export function agentEquipment(
  rows: readonly Pick<RowValues, 'product_key' | 'product_id'>[],
  products: readonly { key: string; id: number | null }[],
  lines: readonly LocalProductEquipment[],
  previous: readonly Pick<EquipmentValues, 'row_id' | 'equipment_id' | 'name'>[] = [],
): EquipmentValues[] {
  const merged = new Map<string, { equipment_id: number | null; name: string; quantity: number }>();
  for (const row of rows) {
    const product = products.find(
      (item) => (row.product_key !== null && item.key === row.product_key) || (row.product_id !== null && item.id === row.product_id),
    );
    if (!product) continue;
    for (const line of lines) {
      if (line.product_key !== product.key) continue;
      const id = line.equipment_key ?? String(line.equipment_id);
      const current = merged.get(id);
      if (current) current.quantity += line.quantity;
      else merged.set(id, { equipment_id: line.equipment_id, name: line.name ?? '', quantity: line.quantity });
    }
  }
  const taken = new Set<string>();
  const idOf = (line: { equipment_id: number | null; name: string }) => {
    const same = previous.find(
      (old) =>
        old.row_id !== '' &&
        !taken.has(old.row_id) &&
        (line.equipment_id !== null ? old.equipment_id === line.equipment_id : old.equipment_id === null && old.name === line.name),
    );
    const id = same?.row_id ?? newRowId();
    taken.add(id);
    return id;
  };
  return [...merged.values()].map((line) => ({
    uid: lineKey(),
    row_id: idOf(line),
    equipment_id: line.equipment_id,
    name: line.name,
    quantity: String(line.quantity),
  }));
}
