/**
 * The scaffold of a paged list screen (spec sections 2 and 9): title and
 * actions ('Novo …'), a card with the search box (applied 800 ms after the
 * last keystroke, back to page 1), the table, the empty texts and the
 * paginator. It renders a loading state until the first answer, never the
 * empty text; while another page loads the previous rows stay, dimmed.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Card, Center, Group, Loader, LoadingOverlay, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { LocalPageState } from '../../../sync/react/use-local-page';
import { Paginator } from '../paginator/paginator';
import type { ListSearch } from '../paginator/use-list-search';

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
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
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
            {shown.rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.id}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
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
          <div style={{ position: 'relative' }}>
            <LoadingOverlay visible={state.loading && shown !== undefined} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
            {body}
          </div>
          <Paginator
            page={shown?.page ?? page}
            total={shown?.total ?? 0}
            onPageChange={onPageChange}
            disabled={state.loading}
          />
        </Stack>
      </Card>
      {children}
    </Stack>
  );
}
