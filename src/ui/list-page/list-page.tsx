/**
 * The scaffold of a paged list screen (spec sections 2 and 9): title and
 * actions ('Novo …'), a card with the search box (applied 800 ms after the
 * last keystroke, back to page 1), the table, the empty texts and the
 * paginator. It renders a loading state until the first answer, never the
 * empty text; while another page loads the previous rows stay, dimmed.
 * Where the table does not fit, each row is a card (list-layout.ts), so no
 * column is ever off-screen. Long texts are cut after two lines, whole on
 * hover or touch (cell-text.tsx).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Card, Center, Group, Loader, LoadingOverlay, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { LocalPageState } from '@sync/react/use-local-page';
import { Paginator } from '../paginator/paginator';
import type { ListSearch } from '../paginator/use-list-search';
import { cellContent } from './cell-text';
import { listLayoutFor, tableMinWidth, useElementWidth } from './list-layout';

export const LIST_TEXTS = {
  searchPlaceholder: 'Procurar por algo...',
  noResults: 'Não houve nenhum resultado.',
  loading: 'Carregando…',
  options: 'Opções',
} as const;

export interface ListColumn<T> {
  /** Stable id of the column. */
  id: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** Room the column needs in the table (px); decides when rows become cards. Defaults to `width`, else DEFAULT_COLUMN_MIN_WIDTH. */
  minWidth?: number;
  /** Keeps the value on one line in the table (amounts: 'R$' never apart from its number). */
  nowrap?: boolean;
  /** The row's buttons (Opções): at the bottom of a card, without a label. */
  actions?: boolean;
}

export interface ListPageProps<T> {
  title: string;
  /** Buttons at the top right ('Novo agente'). */
  actions?: ReactNode;
  /** Title of the card around the table ('Serviço Ativos'). */
  cardTitle?: string;
  search: ListSearch;
  searchPlaceholder?: string;
  /** Beside the search box (the quotations' status filter). */
  filters?: ReactNode;
  /** A filter is applied: an empty answer is 'no results', not the empty list. */
  filtered?: boolean;
  state: LocalPageState<T>;
  page: number;
  onPageChange: (page: number) => void;
  /** Called when the page asked for is past the last one (after deletes): go there instead. */
  onOutOfRange?: (lastPage: number) => void;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string;
  /** Shown when there is no record at all ('Ainda não tem nenhum equipamento.'). */
  emptyText: string;
  /** Shown when a search matches nothing. */
  noResultsText?: string;
  /** Below the card (modals). */
  children?: ReactNode;
}

export function ListPage<T>({
  title,
  actions,
  cardTitle,
  search,
  searchPlaceholder = LIST_TEXTS.searchPlaceholder,
  filters,
  filtered = false,
  state,
  page,
  onPageChange,
  onOutOfRange,
  columns,
  rowKey,
  emptyText,
  noResultsText = LIST_TEXTS.noResults,
  children,
}: ListPageProps<T>) {
  const shown = state.loading ? state.previous : state;
  const outOfRange = !state.loading && state.total > 0 && state.rows.length === 0 && state.page > state.pageCount;
  const lastPage = state.loading ? 0 : state.pageCount;
  const onOutOfRangeRef = useRef(onOutOfRange);
  onOutOfRangeRef.current = onOutOfRange;
  // Once per (out of range, last page) pair: the callback navigates, which ends the state.
  useEffect(() => {
    if (outOfRange) onOutOfRangeRef.current?.(lastPage);
  }, [outOfRange, lastPage]);

  const list = useElementWidth<HTMLDivElement>();
  const neededWidth = tableMinWidth(columns);
  const layout = listLayoutFor(list.width, neededWidth);

  let body: ReactNode;
  if (!shown) {
    body = (
      <Center py="xl" aria-busy="true">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{LIST_TEXTS.loading}</Text>
        </Group>
      </Center>
    );
  } else if (shown.total === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="list-empty">
        {search.applied || filtered ? noResultsText : emptyText}
      </Text>
    );
  } else if (layout === 'cards') {
    body = <ListCards rows={shown.rows} columns={columns} rowKey={rowKey} />;
  } else {
    body = <ListTable rows={shown.rows} columns={columns} rowKey={rowKey} minWidth={neededWidth} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{title}</Title>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap">
            {cardTitle ? (
              <Text fw={600} size="lg">
                {cardTitle}
              </Text>
            ) : (
              <span />
            )}
            <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
              {filters}
              <TextInput
                type="search"
                aria-label="Pesquisar"
                placeholder={searchPlaceholder}
                value={search.text}
                onChange={(event) => search.setText(event.currentTarget.value)}
                w={{ base: '100%', sm: 280 }}
              />
            </Group>
          </Group>
          <div ref={list.ref} style={{ position: 'relative' }} data-list-layout={layout}>
            <LoadingOverlay visible={state.loading && shown !== undefined} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
            {body}
          </div>
          <Paginator page={shown?.page ?? page} total={shown?.total ?? 0} onPageChange={onPageChange} disabled={state.loading} />
        </Stack>
      </Card>
      {children}
    </Stack>
  );
}

interface ListBodyProps<T> {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string;
}

function ListTable<T>({ rows, columns, rowKey, minWidth }: ListBodyProps<T> & { minWidth: number }) {
  // The scroll container is a safety net for unusually long values: the columns still scroll into view
  // (native scrolling: a finger swipes it, and its bar shows without hovering).
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.id} style={column.width ? { width: column.width } : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-list-row>
              {columns.map((column) => (
                <Table.Td key={column.id} data-list-field={column.id} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.nowrap ? column.render(row) : cellContent(column.render(row))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One card per row: each column a labelled field, the row's actions at the bottom right. */
function ListCards<T>({ rows, columns, rowKey }: ListBodyProps<T>) {
  const fields = columns.filter((column) => !column.actions);
  const actions = columns.filter((column) => column.actions);
  return (
    <Stack gap="sm" role="list">
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder p="sm" radius="md" role="listitem" data-list-row>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
            {fields.map((column) => (
              <Box key={column.id} miw={0} data-list-field={column.id}>
                <Text size="xs" c="dimmed" fw={500}>
                  {column.header}
                </Text>
                <Box style={{ overflowWrap: 'anywhere' }}>{column.nowrap ? column.render(row) : cellContent(column.render(row))}</Box>
              </Box>
            ))}
          </SimpleGrid>
          {actions.map((column) => (
            <Group key={column.id} justify="flex-end" mt="sm" data-list-field={column.id}>
              {column.render(row)}
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
