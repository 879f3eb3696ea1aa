/**
 * The services table and the other-costs table (spec: Quotations form;
 * 'ID, Descrição, Qtd., Valor un., Total, add/remove row icons'): each line
 * is a service or cost of the device's catalog (its price filled in) or a
 * description typed for this quotation only, a quantity and a unit value;
 * the total comes from the domain. The ID column numbers the lines 1, 2, 3
 * (issue 24, as the PDF: the catalog's ids mean nothing to the reader and
 * free-text lines have none). Rows are memoised and follow their own line.
 */
import { memo } from 'react';
import { Group, Table, TextInput } from '@mantine/core';
import type { LocalCost, LocalService } from '@sync/react';
import { LocalRecordSelect, moneyToText } from '@/ui/inputs';
import { PricedLineCells } from './priced-line-cells';
import { LINE_INPUT_STYLES, LineTable, linesOf, useLine, type LineListProps } from './line-table';
import { lineCents } from './quotation-form-values';
import type { LineHandlers } from './use-line-handlers';
import type { QuotationFormApi } from './use-quotation-form';

export const ITEM_TABLE_TEXTS = {
  services: 'Serviços',
  costs: 'Outros custos',
  headers: ['ID', 'Descrição', 'Qtd.', 'Valor un.', 'Total'],
  catalog: 'Do cadastro',
  description: 'Descrição',
} as const;

const WIDTHS = [70, 360, 90, 140, 120];

type ItemList = 'services' | 'costs';

export interface QuotationItemsTableProps extends LineListProps<ItemList> {
  list: ItemList;
}

/** Memoised: it re-renders when lines are added or removed or get a message, not as they are typed in. */
export const QuotationItemsTable = memo(function QuotationItemsTable({ list, api, errors, handlers }: QuotationItemsTableProps) {
  const title = ITEM_TABLE_TEXTS[list];
  const lines = linesOf(api, list);
  return (
    <LineTable
      title={title}
      headers={ITEM_TABLE_TEXTS.headers.map((label, index) => ({ label, width: WIDTHS[index], total: label === 'Total' }))}
      minWidth={900}
    >
      {lines.map((line, index) => (
        <ItemRow
          key={line.uid}
          list={list}
          title={title}
          api={api}
          index={index}
          quantityError={errors[`${list}.${index}.quantity`]}
          valueError={errors[`${list}.${index}.value`]}
          last={index === lines.length - 1}
          handlers={handlers}
        />
      ))}
    </LineTable>
  );
});

interface ItemRowProps {
  list: ItemList;
  title: string;
  api: QuotationFormApi;
  index: number;
  quantityError?: string;
  valueError?: string;
  last: boolean;
  handlers: LineHandlers<ItemList>;
}

const ItemRow = memo(function ItemRow({ list, title, api, index, quantityError, valueError, last, handlers }: ItemRowProps) {
  const line = useLine(api, list, index);
  if (!line) return null;
  const { onChange, onAdd, onRemove } = handlers;
  const choose = (record: LocalService | LocalCost | null) =>
    onChange(index, record ? { product_id: record.id, name: record.name, value: moneyToText(record.price) } : { product_id: null });
  return (
    <Table.Tr>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <LocalRecordSelect
            resource={list}
            aria-label={`${title}: ${ITEM_TABLE_TEXTS.catalog} ${index + 1}`}
            placeholder={ITEM_TABLE_TEXTS.catalog}
            value={{ key: null, id: line.product_id, name: '' }}
            onChange={choose}
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
        total={lineCents(line)}
        totalTestId={`${list}-total-${index}`}
        error={(field) => (field === 'quantity' ? quantityError : valueError)}
        onChange={(patch) => onChange(index, patch)}
        last={last}
        onAdd={onAdd}
        onRemove={() => onRemove(index)}
      />
    </Table.Tr>
  );
});
