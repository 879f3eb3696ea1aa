/**
 * Remembering deletions for incremental pulls: a resource that deletes rows
 * calls `recordDeletion` in the same transaction, and its list call answers
 * `deleted_ids` from `deletedIdsSince`.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { deletedRecords } from './schema';

export async function recordDeletion(db: Db | Tx, resource: string, ids: number | readonly number[]): Promise<void> {
  const list = typeof ids === 'number' ? [ids] : [...ids];
  if (list.length === 0) return;
  await db.insert(deletedRecords).values(list.map((record_id) => ({ resource, record_id })));
}

/** Ids of `resource` deleted after `since` (oldest first, without repeats). */
export async function deletedIdsSince(db: Db | Tx, resource: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: deletedRecords.record_id })
    .from(deletedRecords)
    .where(and(eq(deletedRecords.resource, resource), gt(deletedRecords.deleted_at, since)))
    .orderBy(asc(deletedRecords.deleted_at), asc(deletedRecords.id));
  return [...new Set(rows.map((r) => r.id))];
}
