/**
 * The memory of deletions (deleted_records): every delete of a syncable
 * record writes its id here, in the transaction that deletes it, so an
 * incremental pull can answer `deleted_ids` (docs/sync-protocol.md).
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { deletedRecords } from '../db/schema';

/** Writes one entry per id, stamped with the write time. */
export async function recordDeletions(tx: Db | Tx, resource: string, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.insert(deletedRecords).values(ids.map((record_id) => ({ resource, record_id, deleted_at: at })));
}

/** Ids of `resource` deleted at or after `since` (inclusive, like the record side of a pull). */
export async function deletedIdsSince(db: Db | Tx, resource: string, since: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: deletedRecords.record_id })
    .from(deletedRecords)
    .where(and(eq(deletedRecords.resource, resource), gte(deletedRecords.deleted_at, since)))
    .orderBy(asc(deletedRecords.record_id));
  return rows.map((r) => r.id);
}
