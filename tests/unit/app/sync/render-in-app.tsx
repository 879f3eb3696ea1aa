/**
 * Renders a piece of the signed-in app for component tests
 * (tests/unit/support/render.tsx): the alert area, the app runtime (for the
 * browser connectivity), the user's local store through <SyncProvider>, and
 * a memory router at `path` whose sync page route shows SYNC_PAGE_MARKER,
 * so links to the sync page can be followed.
 */
import type { ReactElement } from 'react';
import type { SyncDatabase } from '@sync/store/database';
import { createAppRuntime } from '@/app/runtime';
import { renderRoutes } from '../../support/render';

export { SYNC_PAGE_MARKER } from '../../support/render';

export function renderInApp(db: SyncDatabase, ui: ReactElement, path = '/admin/overview') {
  return renderRoutes({ [path]: () => ui }, path, { db, runtime: createAppRuntime('http://127.0.0.1:9'), notifications: true });
}
