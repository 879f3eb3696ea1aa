/**
 * The frame every line table of the quotation shares: a titled section, a
 * table that scrolls sideways inside its card when it is wider (a tablet in
 * portrait; nothing clipped), with the Total column and the add/remove
 * icons pinned to the right edge so they stay in view
 * (line-table.module.css), and the header: one row, or two when a line
 * takes two rows (the agents: quotation-agents-table.tsx).
 */
import type { ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import classes from './line-table.module.css';
import type { LineList, QuotationFormValues } from './quotation-form-values';
import type { LineHandlers } from './use-line-handlers';
import type { QuotationFormApi } from './use-quotation-form';

export interface LineHeader {
  label: string;
  width?: number;
  /** The header of both rows of a two-row line (its cells span both). */
  rowSpan?: number;
  /** The line's total: pinned to the right with the icons. */
  total?: boolean;
}

export interface LineTableProps {
  title: string;
  headers: readonly LineHeader[];
  /** A second header row, for the second row of each line. */
  secondHeaders?: readonly LineHeader[];
  minWidth: number;
  children: ReactNode;
}

function HeaderCell({ header }: { header: LineHeader }) {
  return (
    <Table.Th
      rowSpan={header.rowSpan}
      className={header.total ? classes.total : undefined}
      style={header.width ? { width: header.width } : undefined}
    >
      {header.label}
    </Table.Th>
  );
}

export function LineTable({ title, headers, secondHeaders, minWidth, children }: LineTableProps) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {/* Native scrolling: Mantine's ScrollArea gives its subtree a new context value on every render, which made
          React walk every row of a 100-row table on each keystroke (bench part quotation-typing). */}
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing={4} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr className={secondHeaders ? classes.pairStart : undefined}>
              {headers.map((header) => (
                <HeaderCell key={header.label} header={header} />
              ))}
              <Table.Th className={classes.actions} rowSpan={secondHeaders ? 2 : undefined} />
            </Table.Tr>
            {secondHeaders ? (
              <Table.Tr>
                {secondHeaders.map((header) => (
                  <HeaderCell key={header.label} header={header} />
                ))}
              </Table.Tr>
            ) : null}
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Inputs in the line tables: 44 px high for touch. */
export const LINE_INPUT_STYLES = { input: { minHeight: 44 } } as const;

/** The first row of a line that takes two rows (no border between them). */
export const LINE_PAIR_START = classes.pairStart;

/**
 * The props every line table takes from the page, the same between renders
 * while its lines neither come nor go nor get a message: a table does not
 * re-render as its lines are typed in (each row follows its own line).
 */
export interface LineListProps<K extends LineList> {
  api: QuotationFormApi;
  /** The lines' screen keys, space-separated (`lineUids`). */
  uids: string;
  /** The messages of this list's lines, by path ('rows.0.value'). */
  errors: Readonly<Record<string, string | undefined>>;
  handlers: LineHandlers<K>;
}

/** A list's lines as the table draws them: the current ones, with their screen keys. */
export function linesOf<K extends LineList>(api: QuotationFormApi, list: K): QuotationFormValues[K] {
  return api.values()[list];
}

/** What tells a table its lines changed: their screen keys. */
export function lineUids(lines: readonly { uid: string }[]): string {
  return lines.map((line) => line.uid).join(' ');
}

/** One line, kept current: its row re-renders when it is edited (and only then). */
export function useLine<K extends LineList>(api: QuotationFormApi, list: K, index: number): QuotationFormValues[K][number] {
  return api.useValue<QuotationFormValues[K][number]>(`${list}.${index}`);
}
