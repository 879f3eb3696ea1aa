/**
 * 'Agentes' (/admin/agentes/lista/{page}): the local agents (products),
 * searched (name, code, CAS) and paged, with their type and price, 'Novo
 * agente', edit and delete ('Tem certeza que deseja excluir esse produto?').
 * Empty texts: 'Ainda não tem nenhum produto cadastrado.' without agents,
 * 'Não houve nenhum resultado.' when a search finds none.
 */
import { useMemo } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalProduct } from '@sync/react';
import { formatMoney } from '@/ui/format';
import { ListPage, NewRecordButton, recordIdColumn, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { AGENT_ROUTES } from './agent-routes';
import { AGENT_TEXTS } from './agent-texts';

export interface AgentListPageProps {
  page: number;
  search?: string;
}

export function AgentListPage({ page, search = '' }: AgentListPageProps) {
  const { listProps, problems, remove } = useRecordList({
    resource: 'products',
    page,
    search,
    routes: AGENT_ROUTES,
    deletedMessage: AGENT_TEXTS.deleted,
  });
  const types = useLocalList('product_types');
  const typeNames = useMemo(() => {
    const names = new Map<string, string>();
    if (!types.loading) for (const type of types.rows) names.set(type.key, type.name);
    return names;
  }, [types]);

  const columns: ListColumn<LocalProduct>[] = [
    recordIdColumn(AGENT_TEXTS.columns.id, problems),
    { id: 'name', header: AGENT_TEXTS.columns.name, render: (agent) => agent.name },
    { id: 'type', header: AGENT_TEXTS.columns.type, render: (agent) => (agent.type_key ? (typeNames.get(agent.type_key) ?? '') : '') },
    { id: 'price', header: AGENT_TEXTS.columns.price, nowrap: true, render: (agent) => formatMoney(agent.price) },
    recordOptionsColumn({ texts: AGENT_TEXTS, routes: AGENT_ROUTES, onDelete: remove.request }),
  ];

  return (
    <ListPage
      title={AGENT_TEXTS.listTitle}
      actions={<NewRecordButton routes={AGENT_ROUTES} label={AGENT_TEXTS.newButton} />}
      {...listProps}
      columns={columns}
      emptyText={AGENT_TEXTS.empty}
      noResultsText={AGENT_TEXTS.noResults}
    >
      {remove.modal({ message: AGENT_TEXTS.confirmDelete })}
    </ListPage>
  );
}
