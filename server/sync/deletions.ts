/**
 * The memory of deletions (deleted_records): every delete of a syncable
 * record writes its id here, in the transaction that deletes it, so an
 * incremental pull can answer `deleted_ids` (docs/sync-protocol.md).
 *
 * Records only some users may read (a customer and its files, for the
 * customer-type users linked to it) are written with `visibleTo`: the users
 * who could see them at that moment. A pull narrowed to a viewer answers
 * only those ids, so nobody learns the ids of records they never could see.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { deletedRecords } from '../db/schema';

/** Writes one entry per id, stamped with the write time; `visibleTo` as above (omit for records everyone reads). */
export async function recordDeletions(tx: Db | Tx, resource: string, ids: readonly number[], at: Date, visibleTo?: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(deletedRecords)
    .values(ids.map((record_id) => ({ resource, record_id, deleted_at: at, visible_to: visibleTo ? [...visibleTo] : null })));
}

/**
 * Ids of `resource` deleted at or after `since` (inclusive, like the record side of a pull).
 * With `viewer`, only the ids written as visible to that user (entries without the list
 * are not: they predate it or are not narrowed data, and a narrowed reader must not get them).
 */
export async function deletedIdsSince(db: Db | Tx, resource: string, since: Date, viewer?: number): Promise<number[]> {
  const conditions = [eq(deletedRecords.resource, resource), gte(deletedRecords.deleted_at, since)];
  if (viewer !== undefined) conditions.push(sql`${viewer}::integer = ANY(${deletedRecords.visible_to})`);
  const rows = await db
    .selectDistinct({ id: deletedRecords.record_id })
    .from(deletedRecords)
    .where(and(...conditions))
    .orderBy(asc(deletedRecords.record_id));
  return rows.map((r) => r.id);
}
