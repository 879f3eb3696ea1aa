/**
 * 'Custos' (/admin/custos/lista/{page}): the local costs, searched and paged
 * (10 a page), with 'Novo custo', edit and delete. Reads the device's store,
 * so it works offline.
 */
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalPage } from '../../../sync/react/use-local-page';
import { useOutboxProblems } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalCost } from '../../../sync/store/registry/catalog-records';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { formatMoney } from '../../ui/format';
import { ListPage, listSearchOf, RecordIdCell, LIST_TEXTS, type ListColumn } from '../../ui/list-page';
import { useListSearch } from '../../ui/paginator';
import { COST_TEXTS } from './cost-texts';

export interface CostListPageProps {
  page: number;
  /** The search in the URL when the page opened. */
  search?: string;
}

export function CostListPage({ page, search = '' }: CostListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ to: '/admin/custos/lista/$page', params: { page: String(target) }, search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const state = useLocalPage('costs', { search: listSearch.applied, page });
  const problems = useOutboxProblems('costs');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalCost>({
    run: (cost) => deleteRecord('costs', cost.key),
    successMessage: COST_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });

  const columns: ListColumn<LocalCost>[] = [
    { id: 'id', header: COST_TEXTS.columns.id, width: 110, render: (cost) => <RecordIdCell id={cost.id} problem={problems.get(cost.key)} /> },
    { id: 'name', header: COST_TEXTS.columns.name, render: (cost) => cost.name },
    { id: 'price', header: COST_TEXTS.columns.price, render: (cost) => formatMoney(cost.price) },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 180,
      render: (cost) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => <Link {...props} to="/admin/custos/$costId" params={{ costId: routeParamOf(cost) }} />}
          >
            {COST_TEXTS.edit}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => remove.request(cost)}>
            {COST_TEXTS.delete}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={COST_TEXTS.listTitle}
      actions={
        <Button renderRoot={(props) => <Link {...props} to="/admin/custos/novo" />}>
          {COST_TEXTS.newButton}
        </Button>
      }
      cardTitle={COST_TEXTS.card}
      search={listSearch}
      state={state}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(cost) => cost.key}
      emptyText={COST_TEXTS.empty}
    >
      {remove.modal({ message: COST_TEXTS.confirmDelete })}
    </ListPage>
  );
}
