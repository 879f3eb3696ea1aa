/**
 * A record page opened by a route parameter (server id or local key): no
 * parameter is a new record; otherwise the loading state, then the record or
 * 'Registro não encontrado' with a way back to the list. The page below is
 * keyed by the record's local key, so opening another record starts a fresh
 * form while a key → id switch of the same record keeps what is typed.
 */
import { Fragment, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRouteRecord } from '../../../sync/react/use-route-record';
import type { ResourceName, ResourceRecordMap } from '../../../sync/store/registry/catalog-records';
import type { RecordRoutes } from '../list-page/record-routes';
import { PageLoading, RecordNotFound } from './edit-page';

export interface RecordRouteProps<R extends ResourceName> {
  resource: R;
  /** Undefined on the create route. */
  param?: string;
  notFoundTitle: string;
  backToList: string;
  routes: RecordRoutes;
  /** The page for the record; none for a new one. */
  children: (record?: ResourceRecordMap[R]) => ReactNode;
}

export function RecordRoute<R extends ResourceName>({ resource, param, notFoundTitle, backToList, routes, children }: RecordRouteProps<R>) {
  const state = useRouteRecord(resource, param);
  if (param === undefined) return children();
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    return (
      <RecordNotFound
        title={notFoundTitle}
        back={
          <Button variant="default" w="fit-content" renderRoot={(props) => <Link {...props} {...routes.list('1')} />}>
            {backToList}
          </Button>
        }
      />
    );
  }
  return <Fragment key={state.record.key}>{children(state.record)}</Fragment>;
}
