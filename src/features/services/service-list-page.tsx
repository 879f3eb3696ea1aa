/**
 * 'Serviços' (/admin/servicos/lista/{page}): the local services, searched and paged
 * (10 a page), with 'Novo serviço', edit and delete. Reads the device's store,
 * so it works offline.
 */
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalPage } from '../../../sync/react/use-local-page';
import { useOutboxProblems } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalService } from '../../../sync/store/registry/catalog-records';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { formatMoney } from '../../ui/format';
import { ListPage, listSearchOf, RecordIdCell, LIST_TEXTS, type ListColumn } from '../../ui/list-page';
import { useListSearch } from '../../ui/paginator';
import { SERVICE_TEXTS } from './service-texts';

export interface ServiceListPageProps {
  page: number;
  /** The search in the URL when the page opened. */
  search?: string;
}

export function ServiceListPage({ page, search = '' }: ServiceListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ to: '/admin/servicos/lista/$page', params: { page: String(target) }, search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const state = useLocalPage('services', { search: listSearch.applied, page });
  const problems = useOutboxProblems('services');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalService>({
    run: (service) => deleteRecord('services', service.key),
    successMessage: SERVICE_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });

  const columns: ListColumn<LocalService>[] = [
    { id: 'id', header: SERVICE_TEXTS.columns.id, width: 110, render: (service) => <RecordIdCell id={service.id} problem={problems.get(service.key)} /> },
    { id: 'name', header: SERVICE_TEXTS.columns.name, render: (service) => service.name },
    { id: 'price', header: SERVICE_TEXTS.columns.price, render: (service) => formatMoney(service.price) },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 180,
      render: (service) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => <Link {...props} to="/admin/servicos/$serviceId" params={{ serviceId: routeParamOf(service) }} />}
          >
            {SERVICE_TEXTS.edit}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => remove.request(service)}>
            {SERVICE_TEXTS.delete}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={SERVICE_TEXTS.listTitle}
      actions={
        <Button renderRoot={(props) => <Link {...props} to="/admin/servicos/novo" />}>
          {SERVICE_TEXTS.newButton}
        </Button>
      }
      cardTitle={SERVICE_TEXTS.card}
      search={listSearch}
      state={state}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(service) => service.key}
      emptyText={SERVICE_TEXTS.empty}
    >
      {remove.modal({ message: SERVICE_TEXTS.confirmDelete })}
    </ListPage>
  );
}
