/**
 * 'Clientes' (/admin/clientes/lista/{page}): the local customers, searched
 * (name, e-mail, document, phone) and paged, with the spec's columns #,
 * Nome, E-mail, Telefone, Contato, Cliente desde and Opções (Editar,
 * Deletar), 'Novo cliente', the delete confirmation 'Confirme exclusão de
 * cliente' and the empty text 'Ainda não tem nenhum cliente cadastrado.'.
 *
 * Customer-type users (`restricted`) see the customers linked to them (the
 * only ones the server sends them) without Opções and 'Novo cliente'; the
 * name opens the customer's page for everyone.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalPage } from '../../../sync/react/use-local-page';
import { useOutboxProblems } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalCustomer } from '../../../sync/store/registry/customer-records';
import { maskPhone } from '../../domain/masks';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { formatInstantBR } from '../../ui/format';
import { errorMessage } from '../../ui/forms';
import { ListPage, listSearchOf, RecordIdCell, LIST_TEXTS, type ListColumn } from '../../ui/list-page';
import { useListSearch } from '../../ui/paginator';
import { CUSTOMER_TEXTS } from './customer-texts';

export interface CustomerListPageProps {
  page: number;
  search?: string;
  restricted?: boolean;
}

/** 'Cliente desde': the server's date, or the day it was made here while not sent yet. */
export function customerSince(customer: LocalCustomer): string {
  if (customer.f_created_at) return customer.f_created_at;
  return customer._local_at ? formatInstantBR(customer._local_at) : '';
}

export function CustomerListPage({ page, search = '', restricted = false }: CustomerListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ to: '/admin/clientes/lista/$page', params: { page: String(target) }, search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const state = useLocalPage('customers', { search: listSearch.applied, page });
  const problems = useOutboxProblems('customers');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalCustomer>({
    run: async (customer) => {
      try {
        await deleteRecord('customers', customer.key);
      } catch (error) {
        throw new Error(CUSTOMER_TEXTS.deleteFailed(errorMessage(error)));
      }
    },
    successMessage: CUSTOMER_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });

  const columns: ListColumn<LocalCustomer>[] = [
    { id: 'id', header: CUSTOMER_TEXTS.columns.id, width: 110, render: (customer) => <RecordIdCell id={customer.id} problem={problems.get(customer.key)} /> },
    {
      id: 'name',
      header: CUSTOMER_TEXTS.columns.name,
      render: (customer) => (
        <Anchor renderRoot={(props) => <Link {...props} to="/admin/clientes/$customerId" params={{ customerId: routeParamOf(customer) }} />}>
          {customer.name}
        </Anchor>
      ),
    },
    { id: 'email', header: CUSTOMER_TEXTS.columns.email, render: (customer) => customer.email ?? '' },
    { id: 'phone', header: CUSTOMER_TEXTS.columns.phone, render: (customer) => maskPhone(customer.phone ?? '') },
    { id: 'contact', header: CUSTOMER_TEXTS.columns.contact, render: (customer) => customer.contact?.name ?? customer.contact_name ?? '' },
    { id: 'since', header: CUSTOMER_TEXTS.columns.since, width: 130, render: customerSince },
  ];
  if (!restricted) {
    columns.push({
      id: 'options',
      header: LIST_TEXTS.options,
      width: 180,
      render: (customer) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => <Link {...props} to="/admin/clientes/$customerId" params={{ customerId: routeParamOf(customer) }} />}
          >
            {CUSTOMER_TEXTS.edit}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => remove.request(customer)}>
            {CUSTOMER_TEXTS.delete}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <ListPage
      title={CUSTOMER_TEXTS.listTitle}
      actions={
        restricted ? undefined : (
          <Button renderRoot={(props) => <Link {...props} to="/admin/clientes/novo" />}>{CUSTOMER_TEXTS.newButton}</Button>
        )
      }
      search={listSearch}
      state={state}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(customer) => customer.key}
      emptyText={CUSTOMER_TEXTS.empty}
      noResultsText={CUSTOMER_TEXTS.noResults}
    >
      {remove.modal({ title: CUSTOMER_TEXTS.confirmDeleteTitle, message: CUSTOMER_TEXTS.confirmDelete })}
    </ListPage>
  );
}
