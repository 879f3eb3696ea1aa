/**
 * The add and remove icons of a line table's row (44 px touch targets).
 * Add shows on the last row only (spec: deadlines; used by every line table
 * so they behave alike); remove on every row (removing the last row leaves
 * a blank one: quotation-form-values.ts). Their cell stays pinned to the
 * table's right edge when the table scrolls sideways (line-table.module.css).
 */
import { ActionIcon, Group, Table } from '@mantine/core';
import classes from './line-table.module.css';

export const LINE_TEXTS = { add: 'Adicionar linha', remove: 'Remover linha' } as const;

export interface LineActionsProps {
  last: boolean;
  onAdd: () => void;
  onRemove: () => void;
  /** Rows the cell spans (an agent takes two). */
  rowSpan?: number;
}

export function LineActionsCell({ last, onAdd, onRemove, rowSpan }: LineActionsProps) {
  return (
    <Table.Td className={classes.actions} rowSpan={rowSpan}>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <ActionIcon size={44} variant="light" color="red" aria-label={LINE_TEXTS.remove} onClick={onRemove}>
          −
        </ActionIcon>
        {last ? (
          <ActionIcon size={44} variant="light" aria-label={LINE_TEXTS.add} onClick={onAdd}>
            +
          </ActionIcon>
        ) : (
          <span style={{ width: 44 }} />
        )}
      </Group>
    </Table.Td>
  );
}
