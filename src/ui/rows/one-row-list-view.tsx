/**
 * A list that always keeps one row, on screen: each row's fields (from the
 * caller), a remove icon on every row and the add icon on the last row only
 * (44 px touch targets). Rows wrap under each other on a narrow screen.
 */
import { memo, type ReactNode, useRef } from 'react';
import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
import { addRow, changeRow, removeRow, withOneRow } from './one-row-list';

export const ROW_LIST_TEXTS = { add: 'Adicionar linha', remove: 'Remover linha' } as const;

export interface OneRowListProps<T extends object> {
  rows: readonly T[] | null | undefined;
  blank: () => T;
  onChange: (rows: T[]) => void;
  /** The fields of one row; `change` patches that row. */
  renderRow: (row: T, index: number, change: (patch: Partial<T>) => void) => ReactNode;
  readOnly?: boolean;
  /** Names the list for assistive technology ('EPIs'). */
  label: string;
  /**
   * Opt-in for long lists typed in (a chemical sample's ten agent rows): a row
   * renders again only when its value (by this test), its position or being
   * the last changes. Then `renderRow` must depend on the row and its index
   * only (its callbacks reading the latest state); `change` always patches
   * the latest rows.
   */
  sameRow?: (a: T, b: T) => boolean;
}

export function OneRowList<T extends object>({ rows, blank, onChange, renderRow, readOnly = false, label, sameRow }: OneRowListProps<T>) {
  const shown = withOneRow(rows, blank);
  // The latest list and callbacks, for rows that did not render again (sameRow).
  const latest = useRef({ shown, onChange, blank, renderRow });
  latest.current = { shown, onChange, blank, renderRow };
  const actions = useRef<RowActions<T>>({
    change: (index, patch) => latest.current.onChange(changeRow(latest.current.shown, index, patch)),
    remove: (index) => latest.current.onChange(removeRow(latest.current.shown, index, latest.current.blank)),
    add: () => latest.current.onChange(addRow(latest.current.shown, latest.current.blank)),
    render: (row, index, change) => latest.current.renderRow(row, index, change),
  }).current;
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {shown.map((row, index) => {
        const props = { row, index, last: index === shown.length - 1, readOnly, actions };
        // Rows have no identity of their own (values of the document); the position is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional values
        return sameRow ? <MemoRow key={index} {...props} same={sameRow} /> : <RowView key={index} {...props} />;
      })}
    </Stack>
  );
}

interface RowActions<T> {
  change(index: number, patch: Partial<T>): void;
  remove(index: number): void;
  add(): void;
  render(row: T, index: number, change: (patch: Partial<T>) => void): ReactNode;
}

interface RowProps<T> {
  row: T;
  index: number;
  last: boolean;
  readOnly: boolean;
  actions: RowActions<T>;
}

function RowView<T>({ row, index, last, readOnly, actions }: RowProps<T>) {
  return (
    <Paper withBorder p="xs" radius="sm" role="listitem">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Group gap="xs" align="flex-end" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          {actions.render(row, index, (patch) => actions.change(index, patch))}
        </Group>
        {readOnly ? null : (
          <Group gap={4} wrap="nowrap">
            <ActionIcon size={44} variant="light" color="red" aria-label={ROW_LIST_TEXTS.remove} onClick={() => actions.remove(index)}>
              −
            </ActionIcon>
            {last ? (
              <ActionIcon size={44} variant="light" aria-label={ROW_LIST_TEXTS.add} onClick={actions.add}>
                +
              </ActionIcon>
            ) : (
              <span style={{ width: 44 }} />
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

const MemoRow = memo(
  function MemoRow<T>({ same: _same, ...props }: RowProps<T> & { same: (a: T, b: T) => boolean }) {
    return <RowView {...props} />;
  },
  (previous, next) =>
    previous.index === next.index &&
    previous.last === next.last &&
    previous.readOnly === next.readOnly &&
    previous.actions === next.actions &&
    next.same(previous.row, next.row),
) as <T>(props: RowProps<T> & { same: (a: T, b: T) => boolean }) => ReactNode;
