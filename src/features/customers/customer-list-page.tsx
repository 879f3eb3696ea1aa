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
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { routeParamOf } from '@sync/react/use-route-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalCustomer } from '@sync/react';
import { maskPhone } from '@/domain/masks';
import { formatInstantBR } from '@/ui/format';
import { errorMessage } from '@/ui/forms';
import { ListPage, NewRecordButton, recordIdColumn, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { CUSTOMER_ROUTES } from './customer-routes';
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
  const { deleteRecord } = useSyncActions();
  const { listProps, problems, remove } = useRecordList({
    resource: 'customers',
    page,
    search,
    routes: CUSTOMER_ROUTES,
    deletedMessage: CUSTOMER_TEXTS.deleted,
    deleteRun: async (customer) => {
      try {
        await deleteRecord('customers', customer.key);
      } catch (error) {
        throw new Error(CUSTOMER_TEXTS.deleteFailed(errorMessage(error)));
      }
    },
  });

  const columns: ListColumn<LocalCustomer>[] = [
    recordIdColumn(CUSTOMER_TEXTS.columns.id, problems),
    {
      id: 'name',
      header: CUSTOMER_TEXTS.columns.name,
      render: (customer) => (
        <Anchor renderRoot={(props) => <Link {...props} {...CUSTOMER_ROUTES.record(routeParamOf(customer))} />}>{customer.name}</Anchor>
      ),
    },
    { id: 'email', header: CUSTOMER_TEXTS.columns.email, render: (customer) => customer.email ?? '' },
    { id: 'phone', header: CUSTOMER_TEXTS.columns.phone, render: (customer) => maskPhone(customer.phone ?? '') },
    { id: 'contact', header: CUSTOMER_TEXTS.columns.contact, render: (customer) => customer.contact?.name ?? customer.contact_name ?? '' },
    { id: 'since', header: CUSTOMER_TEXTS.columns.since, width: 130, render: customerSince },
  ];
  if (!restricted) columns.push(recordOptionsColumn({ texts: CUSTOMER_TEXTS, routes: CUSTOMER_ROUTES, onDelete: remove.request }));

  return (
    <ListPage
      title={CUSTOMER_TEXTS.listTitle}
      actions={restricted ? undefined : <NewRecordButton routes={CUSTOMER_ROUTES} label={CUSTOMER_TEXTS.newButton} />}
      {...listProps}
      columns={columns}
      emptyText={CUSTOMER_TEXTS.empty}
      noResultsText={CUSTOMER_TEXTS.noResults}
    >
      {remove.modal({ title: CUSTOMER_TEXTS.confirmDeleteTitle, message: CUSTOMER_TEXTS.confirmDelete })}
    </ListPage>
  );
}
