/**
 * A list that always keeps one row, on screen: each row's fields (from the
 * caller), a remove icon on every row and the add icon on the last row only
 * (44 px touch targets). Rows wrap under each other on a narrow screen.
 */
import type { ReactNode } from 'react';
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
}

export function OneRowList<T extends object>({ rows, blank, onChange, renderRow, readOnly = false, label }: OneRowListProps<T>) {
  const shown = withOneRow(rows, blank);
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {shown.map((row, index) => (
        // Rows have no identity of their own (values of the document); the position is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional values
        <Paper key={index} withBorder p="xs" radius="sm" role="listitem">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Group gap="xs" align="flex-end" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
              {renderRow(row, index, (patch) => onChange(changeRow(shown, index, patch)))}
            </Group>
            {readOnly ? null : (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  size={44}
                  variant="light"
                  color="red"
                  aria-label={ROW_LIST_TEXTS.remove}
                  onClick={() => onChange(removeRow(shown, index, blank))}
                >
                  −
                </ActionIcon>
                {index === shown.length - 1 ? (
                  <ActionIcon size={44} variant="light" aria-label={ROW_LIST_TEXTS.add} onClick={() => onChange(addRow(shown, blank))}>
                    +
                  </ActionIcon>
                ) : (
                  <span style={{ width: 44 }} />
                )}
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
