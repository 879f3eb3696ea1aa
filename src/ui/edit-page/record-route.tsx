/**
 * A record page opened by a route parameter (server id or local key): no
 * parameter is a new record; otherwise the loading state, then the record or
 * 'Registro não encontrado' with a way back to the list. The page below is
 * keyed by the record's local key, so opening another record starts a fresh
 * form while a key → id switch of the same record keeps what is typed.
 *
 * A record opened by its local key moves to its server id once it is synced:
 * the URL is replaced (no new history entry), so what the user copies opens
 * the record on any device. A link by server id opened on a device whose
 * first sync is still running waits for it instead of saying 'not found'.
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { isServerIdParam, routeParamToReplace, useRouteRecord } from '@sync/react/use-route-record';
import { useSyncStatus } from '@sync/react/use-sync-status';
import type { ResourceName, ResourceRecordMap } from '@sync/react';
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

/** True while this device's first sync runs: a record named by server id may still be on its way. */
function useFirstSyncRunning(): boolean {
  const status = useSyncStatus();
  return !status.loading && status.lastSyncAt === null && (status.phase === 'pushing' || status.phase === 'pulling');
}

export function RecordRoute<R extends ResourceName>({ resource, param, notFoundTitle, backToList, routes, children }: RecordRouteProps<R>) {
  const state = useRouteRecord(resource, param);
  const firstSyncRunning = useFirstSyncRunning();
  const navigate = useNavigate();
  const replacement = param !== undefined && !state.loading && state.record ? routeParamToReplace(param, state.record) : null;
  useEffect(() => {
    if (replacement !== null) void navigate({ ...routes.record(replacement), replace: true });
  }, [replacement, navigate, routes]);

  if (param === undefined) return children();
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    if (firstSyncRunning && isServerIdParam(param)) return <PageLoading />;
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
