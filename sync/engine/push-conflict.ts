/**
 * A 409 with the server's current record: conflict detection, field-level
 * merge and rebase.
 *
 * An update is merged three ways (merge.ts, sides read by conflict-merge.ts),
 * with the record as the user last left it (the chain's later updates fold
 * into this change): fields changed only here or only on the server merge
 * without asking. When no field was changed on both sides to different
 * values, the engine settles it alone: if the server already has everything (only its timestamp moved
 * and my change equals it, or my change is already in), the entry is done;
 * otherwise the merged record is re-sent against the server's new
 * `updated_at` (a rebase, bounded by MAX_REBASES so a server that keeps
 * answering 409 ends as a conflict). Fields changed on both sides make the
 * entry a `conflict`: the user chooses per field (entry-actions.ts).
 *
 * A delete (no fields to merge) is re-sent when the server's editable fields
 * are still those it was based on, and is a conflict otherwise.
 */
import { apiErrorSchema } from '../contract/errors';
import { conflictResponseSchema } from '../contract/sync';
import type { StoreScope } from '../store/database';
import { withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { foldChain, readConflictSides } from './conflict-merge';
import { syncErrorInfo } from './errors';
import { sameUnits } from './merge';
import { acceptAnswer, failEntry, type Prepared, type SendVerdict } from './push-apply';

/** 409s settled on their own before the entry is shown as a conflict. */
export const MAX_REBASES = 3;

export async function applyConflict(db: StoreScope, prepared: Prepared, entry: OutboxEntry, body: unknown): Promise<SendVerdict> {
  const { resource } = prepared;
  const parsed = conflictResponseSchema(resource.schema).safeParse(body);
  if (!parsed.success) {
    // A 409 without the current record is a refusal with a reason ("type in use"), not a version conflict.
    const error = apiErrorSchema.safeParse(body);
    await failEntry(db, entry, syncErrorInfo('validation', error.success ? error.data.message : undefined, { status: 409 }));
    return 'sent';
  }
  const current = parsed.data.current as RecordFields;
  const table = db.records(resource.name);
  const record = await table.get(entry.key);
  if (!record) return 'sent';
  const rebases = entry.rebases ?? 0;

  if (entry.op === 'update' && entry.payload) {
    const sides = await readConflictSides(db, resource, entry, record, current);
    const { theirs, version, units, result } = sides;
    const alreadyIn = result.conflicts.length === 0 && sameUnits(result.merged, theirs, units);
    if (alreadyIn || (result.conflicts.length === 0 && rebases < MAX_REBASES)) {
      const folded = await foldChain(db, sides, record, result.merged);
      if (alreadyIn) {
        // The server already holds all of it (my change equals it, or is in): the entry is done.
        await acceptAnswer(db, prepared, { ...entry, payload: folded.payload }, folded.record, current);
        return 'sent';
      }
      const rebased: StoredRecord = { ...folded.record, updated_at: version.updated_at, _base: version.fields };
      delete rebased._remote;
      await table.put(withIndexes(resource, rebased));
      await db.outbox.put({
        ...entry,
        payload: folded.payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        error: null,
        idempotency_key: newKey(),
        rebases: rebases + 1,
      });
      return 'sent';
    }
  } else if (record._base && rebases < MAX_REBASES) {
    const { base, theirs, units } = await readConflictSides(db, resource, entry, record, current);
    if (base && sameUnits(base, theirs, units)) {
      // Only the server's timestamp moved (a line added to the agent): the delete goes against it.
      await table.put({ ...record, updated_at: current.updated_at as string });
      await db.outbox.put({
        ...entry,
        status: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        error: null,
        idempotency_key: newKey(),
        rebases: rebases + 1,
      });
      return 'sent';
    }
  }
  const error = apiErrorSchema.safeParse(body);
  await db.outbox.put({
    ...entry,
    status: 'conflict',
    conflict: { current },
    error: syncErrorInfo('conflict', error.success ? error.data.message : undefined, { status: 409 }),
  });
  return 'sent';
}
