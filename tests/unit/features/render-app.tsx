/**
 * Renders catalog screens the way the app does, on a real local store
 * (fake-indexeddb): the alert area, <SyncProvider> and a memory router whose
 * paths mirror src/routes (tests/unit/support/render.tsx). Each route maps
 * to the feature page with its params, as the thin route files do.
 */
import { configure } from '@testing-library/react';
import type { SyncEngine } from '@sync/engine/engine';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { renderRoutes, type RouteView } from '../support/render';

export type { RouteView };

// The store answers asynchronously; on a busy machine a second is not always enough.
configure({ asyncUtilTimeout: 4_000 });

export function openTestDb(): SyncDatabase {
  return new SyncDatabase(`features-${newKey()}`);
}

export async function closeTestDb(db: SyncDatabase): Promise<void> {
  db.close();
  await db.delete();
}

/** `engine`: for screens that write online (users, profile), an engine against a real server, not started. */
export function renderApp(db: SyncDatabase, routes: Record<string, RouteView>, initialPath: string, engine?: SyncEngine) {
  return renderRoutes(routes, initialPath, { db, engine, notifications: true });
}
