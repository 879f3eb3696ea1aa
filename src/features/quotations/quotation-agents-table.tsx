/**
 * The agents table (spec: Quotations form; sections 3 and 4): agent, type,
 * sector, function, exposition type, daily exposition, quantity, unit value
 * and the row total (from the domain), each agent on two rows (HEADERS). Choosing an agent sets the row's
 * product, name, price, type and unit type; the page then refreshes the
 * equipment table from the chosen agents. Rows are memoised and follow
 * their own line (see AgentRow).
 */
import { memo, useCallback } from 'react';
import { NativeSelect, Table, TextInput } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalProduct } from '@sync/react';
import { AgentPicker } from '@/entities/agent';
import { moneyToText } from '@/ui/inputs';
import { PricedLineCells } from './priced-line-cells';
import { LINE_INPUT_STYLES, LINE_PAIR_START, LineTable, linesOf, useLine, type LineHeader, type LineListProps } from './line-table';
import { type LookupOption, lookupOptions, useLookupList } from './quotation-lookups';
import { lineCents, type RowValues } from './quotation-form-values';
import type { LineHandlers } from './use-line-handlers';
import type { QuotationFormApi } from './use-quotation-form';

export const AGENT_TABLE_TEXTS = {
  title: 'Agentes',
  agent: 'Agente',
  expositionType: 'Tipo de exposição',
  dailyExposition: 'Exposição diária',
  quantity: 'Qtd.',
  value: 'Valor un.',
  total: 'Total',
  sector: 'Setor',
  function: 'Função',
  agentType: 'Tipo do agente',
} as const;

const T = AGENT_TABLE_TEXTS;

/**
 * Each agent takes two rows, so a line fits a 1366 px screen's card
 * (~1,050 px) without scrolling: the first row holds the agent, exposition,
 * quantity, price and total; the second, under the first three, the
 * sector, function and the agent's type. Quantity, price, total and the
 * icons span both rows. On a tablet the table scrolls sideways with the
 * total and icons pinned (line-table.tsx).
 */
const HEADERS: LineHeader[] = [
  { label: T.agent, width: 280 },
  { label: T.expositionType, width: 160 },
  { label: T.dailyExposition, width: 120 },
  { label: T.quantity, width: 64, rowSpan: 2 },
  { label: T.value, width: 124, rowSpan: 2 },
  { label: T.total, width: 108, rowSpan: 2, total: true },
];
const SECOND_HEADERS: LineHeader[] = [{ label: T.sector }, { label: T.function }, { label: T.agentType }];
/** The widths above, their cells' paddings and the icons' column. */
const MIN_WIDTH = 1_000;

/** What choosing an agent writes on the row (nothing chosen clears the product, keeps the rest). */
export function rowFromAgent(agent: LocalProduct | null): Partial<RowValues> {
  if (!agent) return { product_id: null, product_key: null, name: '' };
  return {
    product_id: agent.id,
    product_key: agent.key,
    name: agent.name,
    product_type_id: agent.type_id ?? 1,
    value: moneyToText(agent.price),
    unit_type: agent.unit_type ?? '',
  };
}

/** Memoised: it re-renders when agents are added or removed or get a message, not as they are typed in. */
export const QuotationAgentsTable = memo(function QuotationAgentsTable({ api, errors, handlers }: LineListProps<'rows'>) {
  const types = useLocalList('product_types');
  // The rows keep their identity until the list changes, so the rows' memo holds.
  const typeRows = types.loading ? null : types.rows;
  const typeName = useCallback((id: number) => typeRows?.find((type) => type.id === id)?.name ?? '', [typeRows]);
  const expositionTypes = useLookupList('exposition_types');
  const lines = linesOf(api, 'rows');
  return (
    <LineTable title={T.title} headers={HEADERS} secondHeaders={SECOND_HEADERS} minWidth={MIN_WIDTH}>
      {lines.map((line, index) => (
        <AgentRow
          key={line.uid}
          api={api}
          index={index}
          typeName={typeName}
          expositionTypes={expositionTypes}
          nameError={errors[`rows.${index}.name`]}
          quantityError={errors[`rows.${index}.quantity`]}
          valueError={errors[`rows.${index}.value`]}
          last={index === lines.length - 1}
          handlers={handlers}
        />
      ))}
    </LineTable>
  );
});

interface AgentRowProps {
  api: QuotationFormApi;
  index: number;
  /** The name of an agent type by id (the device's list). */
  typeName: (id: number) => string;
  expositionTypes: LookupOption[];
  nameError?: string;
  quantityError?: string;
  valueError?: string;
  last: boolean;
  handlers: LineHandlers<'rows'>;
}

/**
 * One agent (its two rows), memoised: its props are its place, messages and
 * the page's stable handlers, and it follows its own line (`useLine`), so
 * typing in one row of a hundred re-renders only that row.
 */
const AgentRow = memo(function AgentRow({
  api,
  index,
  typeName,
  expositionTypes,
  nameError,
  quantityError,
  valueError,
  last,
  handlers,
}: AgentRowProps) {
  const line = useLine(api, 'rows', index);
  if (!line) return null;
  const { onChange, onAdd, onRemove } = handlers;
  const errorOf = (field: 'quantity' | 'value') => (field === 'quantity' ? quantityError : valueError);
  const number = index + 1;
  // A blank row has no agent yet, so no type to show.
  const blank = line.product_id === null && line.product_key === null && line.name === '';
  return (
    <>
      <Table.Tr className={LINE_PAIR_START}>
        <Table.Td>
          <AgentPicker
            aria-label={`${T.agent} ${number}`}
            value={{ key: line.product_key, id: line.product_id, name: line.name }}
            onChange={(agent) => onChange(index, rowFromAgent(agent))}
            error={nameError}
            styles={LINE_INPUT_STYLES}
          />
        </Table.Td>
        <Table.Td>
          <NativeSelect
            aria-label={`${T.expositionType} ${number}`}
            value={String(line.exposition_type_id)}
            onChange={(event) => onChange(index, { exposition_type_id: Number(event.currentTarget.value) })}
            data={lookupOptions(expositionTypes, String(line.exposition_type_id))}
            styles={LINE_INPUT_STYLES}
          />
        </Table.Td>
        <Table.Td>
          <TextInput
            aria-label={`${T.dailyExposition} ${number}`}
            value={line.daily_exposition}
            onChange={(event) => onChange(index, { daily_exposition: event.currentTarget.value })}
            styles={LINE_INPUT_STYLES}
          />
        </Table.Td>
        <PricedLineCells
          labelPrefix={''}
          index={index}
          quantity={line.quantity}
          value={line.value}
          total={lineCents(line)}
          totalTestId={`rows-total-${index}`}
          error={errorOf}
          onChange={(patch) => onChange(index, patch)}
          last={last}
          onAdd={onAdd}
          onRemove={() => onRemove(index)}
          rowSpan={2}
        />
      </Table.Tr>
      <Table.Tr>
        <Table.Td>
          <TextInput
            aria-label={`${T.sector} ${number}`}
            placeholder={T.sector}
            value={line.sector}
            onChange={(event) => onChange(index, { sector: event.currentTarget.value })}
            styles={LINE_INPUT_STYLES}
          />
        </Table.Td>
        <Table.Td>
          <TextInput
            aria-label={`${T.function} ${number}`}
            placeholder={T.function}
            value={line.function}
            onChange={(event) => onChange(index, { function: event.currentTarget.value })}
            styles={LINE_INPUT_STYLES}
          />
        </Table.Td>
        <Table.Td aria-label={`${T.agentType} ${number}`}>{blank ? '' : typeName(line.product_type_id)}</Table.Td>
      </Table.Tr>
    </>
  );
});
