/**
 * The frame every line table of the quotation shares: a titled section, a
 * table that scrolls sideways inside its card on a narrow screen (nothing
 * clipped at 768 px), and the header row.
 */
import type { ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';

export interface LineTableProps {
  title: string;
  headers: readonly { label: string; width?: number }[];
  minWidth: number;
  children: ReactNode;
}

export function LineTable({ title, headers, minWidth, children }: LineTableProps) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {/* Native scrolling: Mantine's ScrollArea gives its subtree a new context value on every render, which made
          React walk every row of a 100-row table on each keystroke (bench part quotation-typing). */}
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing={4} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header.label} style={header.width ? { width: header.width } : undefined}>
                  {header.label}
                </Table.Th>
              ))}
              <Table.Th style={{ width: 100 }} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Inputs in the line tables: 44 px high for touch. */
export const LINE_INPUT_STYLES = { input: { minHeight: 44 } } as const;

/** The props every line table takes from the page. */
export interface LineListProps<T> {
  lines: T[];
  errors: Record<string, string | undefined>;
  onChange: (index: number, patch: Partial<T>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}
