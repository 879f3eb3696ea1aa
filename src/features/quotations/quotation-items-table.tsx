/**
 * The services table and the other-costs table (spec: Quotations form;
 * 'ID, Descrição, Qtd., Valor un., Total, add/remove row icons'): each line
 * is a service or cost of the device's catalog (its price filled in) or a
 * description typed for this quotation only, a quantity and a unit value;
 * the total comes from the domain.
 */
import { memo } from 'react';
import { Group, Table, TextInput } from '@mantine/core';
import type { LocalCost, LocalService } from '@sync/react';
import { LocalRecordSelect, moneyToText } from '@/ui/inputs';
import { PricedLineCells } from './priced-line-cells';
import { LINE_INPUT_STYLES, LineTable, type LineListProps } from './line-table';
import type { ItemValues } from './quotation-form-values';

export const ITEM_TABLE_TEXTS = {
  services: 'Serviços',
  costs: 'Outros custos',
  headers: ['ID', 'Descrição', 'Qtd.', 'Valor un.', 'Total'],
  catalog: 'Do cadastro',
  description: 'Descrição',
} as const;

const WIDTHS = [70, 360, 90, 140, 120];

export interface QuotationItemsTableProps extends LineListProps<ItemValues> {
  list: 'services' | 'costs';
  totals: number[];
}

export const QuotationItemsTable = memo(function QuotationItemsTable({
  list,
  lines,
  errors,
  onChange,
  onAdd,
  onRemove,
  totals,
}: QuotationItemsTableProps) {
  const title = ITEM_TABLE_TEXTS[list];
  const choose = (index: number, record: LocalService | LocalCost | null) =>
    onChange(index, record ? { product_id: record.id, name: record.name, value: moneyToText(record.price) } : { product_id: null });
  return (
    <LineTable
      title={title}
      headers={ITEM_TABLE_TEXTS.headers.map((label, index) => ({ label, width: WIDTHS[index], total: label === 'Total' }))}
      minWidth={900}
    >
      {lines.map((line, index) => {
        const error = (field: string) => errors[`${list}.${index}.${field}`];
        return (
          <Table.Tr key={line.uid}>
            <Table.Td>{line.product_id ?? ''}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <LocalRecordSelect
                  resource={list}
                  aria-label={`${title}: ${ITEM_TABLE_TEXTS.catalog} ${index + 1}`}
                  placeholder={ITEM_TABLE_TEXTS.catalog}
                  value={{ key: null, id: line.product_id, name: '' }}
                  onChange={(record) => choose(index, record)}
                  styles={LINE_INPUT_STYLES}
                  w={150}
                />
                <TextInput
                  aria-label={`${title}: ${ITEM_TABLE_TEXTS.description} ${index + 1}`}
                  value={line.name}
                  onChange={(event) => onChange(index, { name: event.currentTarget.value })}
                  styles={LINE_INPUT_STYLES}
                  style={{ flex: 1 }}
                />
              </Group>
            </Table.Td>
            <PricedLineCells
              labelPrefix={`${title}: `}
              index={index}
              quantity={line.quantity}
              value={line.value}
              total={totals[index] ?? 0}
              totalTestId={`${list}-total-${index}`}
              error={error}
              onChange={(patch) => onChange(index, patch)}
              last={index === lines.length - 1}
              onAdd={onAdd}
              onRemove={() => onRemove(index)}
            />
          </Table.Tr>
        );
      })}
    </LineTable>
  );
});
