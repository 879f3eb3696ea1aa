/**
 * Records as if pulled from the server (ids, slugs, timestamps), written
 * through the engine's own pull path, for screens that must tell pushed
 * records from local ones.
 */
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';

export const AT = '2026-11-20T10:00:00.000Z';

export function pulled(db: SyncDatabase, resource: string, wires: RecordFields[]): Promise<string[]> {
  return db.write(async (store) => applyServerRecords(store, store.registry.get(resource), wires, await keysWithEntries(store)));
}

/** The seeded product types (server/db/seed/reference-data.ts). */
export function pullProductTypes(db: SyncDatabase): Promise<string[]> {
  return pulled(db, 'product_types', [
    { id: 1, name: 'Vibração', slug: 'vibration', price: null, created_at: AT, updated_at: AT },
    { id: 2, name: 'Químico', slug: 'chemical', price: null, created_at: AT, updated_at: AT },
    { id: 3, name: 'Ruído', slug: 'noise', price: null, created_at: AT, updated_at: AT },
  ]);
}
