/**
 * 'Agentes' (/admin/agentes/lista/{page}): the local agents (products),
 * searched (name, code, CAS) and paged, with their type and price, 'Novo
 * agente', edit and delete ('Tem certeza que deseja excluir esse produto?').
 * Empty texts: 'Ainda não tem nenhum produto cadastrado.' without agents,
 * 'Não houve nenhum resultado.' when a search finds none.
 */
import { useMemo } from 'react';
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalPage } from '../../../sync/react/use-local-page';
import { useLocalList } from '../../../sync/react/use-local-record';
import { useOutboxProblems } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalProduct } from '../../../sync/store/registry/catalog-records';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { formatMoney } from '../../ui/format';
import { ListPage, listSearchOf, RecordIdCell, LIST_TEXTS, type ListColumn } from '../../ui/list-page';
import { useListSearch } from '../../ui/paginator';
import { AGENT_TEXTS } from './agent-texts';

export interface AgentListPageProps {
  page: number;
  search?: string;
}

export function AgentListPage({ page, search = '' }: AgentListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ to: '/admin/agentes/lista/$page', params: { page: String(target) }, search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const state = useLocalPage('products', { search: listSearch.applied, page });
  const types = useLocalList('product_types');
  const problems = useOutboxProblems('products');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalProduct>({
    run: (product) => deleteRecord('products', product.key),
    successMessage: AGENT_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });
  const typeNames = useMemo(() => {
    const names = new Map<string, string>();
    if (!types.loading) for (const type of types.rows) names.set(type.key, type.name);
    return names;
  }, [types]);

  const columns: ListColumn<LocalProduct>[] = [
    { id: 'id', header: AGENT_TEXTS.columns.id, width: 110, render: (agent) => <RecordIdCell id={agent.id} problem={problems.get(agent.key)} /> },
    { id: 'name', header: AGENT_TEXTS.columns.name, render: (agent) => agent.name },
    { id: 'type', header: AGENT_TEXTS.columns.type, render: (agent) => (agent.type_key ? (typeNames.get(agent.type_key) ?? '') : '') },
    { id: 'price', header: AGENT_TEXTS.columns.price, render: (agent) => formatMoney(agent.price) },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 180,
      render: (agent) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => <Link {...props} to="/admin/agentes/$productId" params={{ productId: routeParamOf(agent) }} />}
          >
            {AGENT_TEXTS.edit}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => remove.request(agent)}>
            {AGENT_TEXTS.delete}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={AGENT_TEXTS.listTitle}
      actions={<Button renderRoot={(props) => <Link {...props} to="/admin/agentes/novo" />}>{AGENT_TEXTS.newButton}</Button>}
      search={listSearch}
      state={state}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(agent) => agent.key}
      emptyText={AGENT_TEXTS.empty}
      noResultsText={AGENT_TEXTS.noResults}
    >
      {remove.modal({ message: AGENT_TEXTS.confirmDelete })}
    </ListPage>
  );
}
