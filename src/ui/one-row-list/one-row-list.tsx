/**
 * A list of rows that always keeps one (spec samples.md section 4: "removing
 * the last EPI, agent, task or deadline row adds a blank row; the add icon
 * shows on the last row only"). Each row is a card the caller fills; the
 * remove and add icons are 44 px touch targets. The list is controlled: the
 * caller holds the rows and gets the next list on every change.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { addRow, removeRow, replaceRow } from './one-row-list-rows';

export const ONE_ROW_LIST_TEXTS = { add: 'Adicionar linha', remove: 'Remover linha' } as const;

export interface OneRowListProps<T> {
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** A blank row: what a new row and the kept last row start as. */
  blank: () => T;
  /** The row's fields; `update` replaces this row. */
  renderRow: (row: T, update: (next: T) => void, index: number) => ReactNode;
  /** A title per row ('Tarefa 2'), also naming the icons for screen readers. */
  rowTitle?: (index: number) => string;
}

export function OneRowList<T>({ rows, onChange, blank, renderRow, rowTitle }: OneRowListProps<T>) {
  const shown = rows.length > 0 ? rows : [blank()];
  return (
    <Stack gap="sm">
      {shown.map((row, index) => {
        const title = rowTitle?.(index);
        const last = index === shown.length - 1;
        return (
          // Rows have no identity of their own; their inputs are controlled, so the index is a safe key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Card key={index} withBorder padding="sm" data-testid="one-row-list-row">
            <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {title}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  size={44}
                  variant="light"
                  color="red"
                  aria-label={title ? `${ONE_ROW_LIST_TEXTS.remove}: ${title}` : ONE_ROW_LIST_TEXTS.remove}
                  onClick={() => onChange(removeRow(shown, index, blank))}
                >
                  −
                </ActionIcon>
                {last ? (
                  <ActionIcon size={44} variant="light" aria-label={ONE_ROW_LIST_TEXTS.add} onClick={() => onChange(addRow(shown, blank))}>
                    +
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
            {renderRow(row, (next) => onChange(replaceRow(shown, index, next)), index)}
          </Card>
        );
      })}
    </Stack>
  );
}
