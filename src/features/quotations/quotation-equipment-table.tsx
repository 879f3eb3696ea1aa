/**
 * The equipment table (spec: 'ID, Equipamento, Qtd., add/remove row'):
 * filled from the chosen agents' equipment when the agents change, and
 * editable (an equipment of the device's list, or a name; a whole quantity).
 * The ID column numbers the lines 1, 2, 3 (issue 24, as the PDF), never by
 * the catalog's ids. Rows are memoised and follow their own line.
 */
import { memo } from 'react';
import { Table, TextInput } from '@mantine/core';
import type { LocalEquipment } from '@sync/react';
import { LocalRecordSelect } from '@/ui/inputs';
import { LineActionsCell } from './line-actions';
import { LINE_INPUT_STYLES, LineTable, linesOf, useLine, type LineListProps } from './line-table';
import type { LineHandlers } from './use-line-handlers';
import type { QuotationFormApi } from './use-quotation-form';

export const EQUIPMENT_TABLE_TEXTS = { title: 'Equipamentos', headers: ['ID', 'Equipamento', 'Qtd.'] } as const;

/** Memoised: it re-renders when lines are added, removed or replaced or get a message, not as they are typed in. */
export const QuotationEquipmentTable = memo(function QuotationEquipmentTable({ api, errors, handlers }: LineListProps<'equipments'>) {
  const lines = linesOf(api, 'equipments');
  return (
    <LineTable
      title={EQUIPMENT_TABLE_TEXTS.title}
      headers={[{ label: 'ID', width: 70 }, { label: 'Equipamento' }, { label: 'Qtd.', width: 100 }]}
      minWidth={560}
    >
      {lines.map((line, index) => (
        <EquipmentRow
          key={line.uid}
          api={api}
          index={index}
          quantityError={errors[`equipments.${index}.quantity`]}
          last={index === lines.length - 1}
          handlers={handlers}
        />
      ))}
    </LineTable>
  );
});

interface EquipmentRowProps {
  api: QuotationFormApi;
  index: number;
  quantityError?: string;
  last: boolean;
  handlers: LineHandlers<'equipments'>;
}

const EquipmentRow = memo(function EquipmentRow({ api, index, quantityError, last, handlers }: EquipmentRowProps) {
  const line = useLine(api, 'equipments', index);
  if (!line) return null;
  const { onChange, onAdd, onRemove } = handlers;
  const choose = (equipment: LocalEquipment | null) =>
    onChange(index, equipment ? { equipment_id: equipment.id, name: equipment.name } : { equipment_id: null, name: '' });
  return (
    <Table.Tr>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        <LocalRecordSelect
          resource="equipment"
          aria-label={`Equipamento ${index + 1}`}
          value={{ key: null, id: line.equipment_id, name: line.name }}
          onChange={choose}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Equipamento: Qtd. ${index + 1}`}
          inputMode="numeric"
          value={line.quantity}
          onChange={(event) => onChange(index, { quantity: event.currentTarget.value })}
          error={quantityError}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <LineActionsCell last={last} onAdd={onAdd} onRemove={() => onRemove(index)} />
    </Table.Tr>
  );
});
