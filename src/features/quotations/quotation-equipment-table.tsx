/**
 * The equipment table (spec: 'ID, Equipamento, Qtd., add/remove row'):
 * filled from the chosen agents' equipment when the agents change, and
 * editable (an equipment of the device's list, or a name; a whole quantity).
 */
import { memo } from 'react';
import { Table, TextInput } from '@mantine/core';
import type { LocalEquipment } from '@sync/react';
import { LocalRecordSelect } from '@/ui/inputs';
import { LineActionsCell } from './line-actions';
import { LINE_INPUT_STYLES, LineTable, type LineListProps } from './line-table';
import type { EquipmentValues } from './quotation-form-values';

export const EQUIPMENT_TABLE_TEXTS = { title: 'Equipamentos', headers: ['ID', 'Equipamento', 'Qtd.'] } as const;

export const QuotationEquipmentTable = memo(function QuotationEquipmentTable({
  lines,
  errors,
  onChange,
  onAdd,
  onRemove,
}: LineListProps<EquipmentValues>) {
  const choose = (index: number, equipment: LocalEquipment | null) =>
    onChange(index, equipment ? { equipment_id: equipment.id, name: equipment.name } : { equipment_id: null, name: '' });
  return (
    <LineTable
      title={EQUIPMENT_TABLE_TEXTS.title}
      headers={[{ label: 'ID', width: 70 }, { label: 'Equipamento' }, { label: 'Qtd.', width: 100 }]}
      minWidth={560}
    >
      {lines.map((line, index) => (
        <Table.Tr key={line.uid}>
          <Table.Td>{line.equipment_id ?? ''}</Table.Td>
          <Table.Td>
            <LocalRecordSelect
              resource="equipment"
              aria-label={`Equipamento ${index + 1}`}
              value={{ key: null, id: line.equipment_id, name: line.name }}
              onChange={(equipment) => choose(index, equipment)}
              styles={LINE_INPUT_STYLES}
            />
          </Table.Td>
          <Table.Td>
            <TextInput
              aria-label={`Equipamento: Qtd. ${index + 1}`}
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => onChange(index, { quantity: event.currentTarget.value })}
              error={errors[`equipments.${index}.quantity`]}
              styles={LINE_INPUT_STYLES}
            />
          </Table.Td>
          <LineActionsCell last={index === lines.length - 1} onAdd={onAdd} onRemove={() => onRemove(index)} />
        </Table.Tr>
      ))}
    </LineTable>
  );
});
