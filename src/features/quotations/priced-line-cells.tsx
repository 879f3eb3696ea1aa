/**
 * The cells every priced line of a quotation ends with (agents, services,
 * other costs): quantity, unit value, the line's total and the add/remove
 * icons, the last two pinned to the right when the table scrolls sideways
 * (a tablet: the total stays in view). One place, so the tables cannot
 * drift apart in labels, keyboards or errors.
 */
import { Table, TextInput } from '@mantine/core';
import { formatBRL } from '@/domain/money';
import { MoneyInput } from '@/ui/inputs';
import { LineActionsCell } from './line-actions';
import classes from './line-table.module.css';
import { LINE_INPUT_STYLES } from './line-table';

export interface PricedLineCellsProps {
  /** Put before the inputs' accessible names ('Outros custos: '); empty for the agents. */
  labelPrefix: string;
  index: number;
  quantity: string;
  value: string;
  total: number;
  /** Test id of the total cell ('rows-total-0'). */
  totalTestId: string;
  error: (field: 'quantity' | 'value') => string | undefined;
  onChange: (patch: { quantity?: string; value?: string }) => void;
  last: boolean;
  onAdd: () => void;
  onRemove: () => void;
  /** Rows the cells span (an agent takes two). */
  rowSpan?: number;
}

export function PricedLineCells({
  labelPrefix,
  index,
  quantity,
  value,
  total,
  totalTestId,
  error,
  onChange,
  last,
  onAdd,
  onRemove,
  rowSpan,
}: PricedLineCellsProps) {
  return (
    <>
      <Table.Td rowSpan={rowSpan}>
        <TextInput
          aria-label={`${labelPrefix}Qtd. ${index + 1}`}
          inputMode="decimal"
          value={quantity}
          onChange={(event) => onChange({ quantity: event.currentTarget.value })}
          error={error('quantity')}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <Table.Td rowSpan={rowSpan}>
        <MoneyInput
          aria-label={`${labelPrefix}Valor un. ${index + 1}`}
          value={value}
          onChange={(next) => onChange({ value: next })}
          error={error('value')}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <Table.Td rowSpan={rowSpan} className={classes.total} data-testid={totalTestId}>
        {formatBRL(total)}
      </Table.Td>
      <LineActionsCell last={last} onAdd={onAdd} onRemove={onRemove} rowSpan={rowSpan} />
    </>
  );
}
