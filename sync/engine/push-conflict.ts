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
 *
 * A versioned command (a quotation's status change, sent with If-Match) is
 * judged on the fields its `effect` changes: re-sent against the server's
 * version (`entry.version`; the record and its base stay as they are, for
 * the changes queued after it) when the server still has the values it was
 * based on there, or already the command's; a conflict otherwise (someone
 * else changed the status meanwhile).
 */
import { apiErrorSchema } from '../contract/errors';
import { conflictResponseSchema } from '../contract/sync';
import type { StoreScope } from '../store/database';
import { sameValue, withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { commandEffect } from './commands';
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

  if (entry.op === 'command') {
    if (rebases < MAX_REBASES && (await commandUntouched(db, resource, entry, record, current))) {
      // Nobody else changed what the command changes: it goes again against the server's version.
      await db.outbox.put(rebasedEntry(entry, { version: current.updated_at as string }));
      return 'sent';
    }
    return markConflict(db, entry, current, body);
  }

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
      await db.outbox.put(rebasedEntry(entry, { payload: folded.payload }));
      return 'sent';
    }
  } else if (record._base && rebases < MAX_REBASES) {
    const { base, theirs, units } = await readConflictSides(db, resource, entry, record, current);
    if (base && sameUnits(base, theirs, units)) {
      // Only the server's timestamp moved (a line added to the agent): the delete goes against it.
      await table.put({ ...record, updated_at: current.updated_at as string });
      await db.outbox.put(rebasedEntry(entry));
      return 'sent';
    }
  }
  return markConflict(db, entry, current, body);
}

/** The entry sent again against the server's newer version: a new request (new key), one more rebase. */
function rebasedEntry(entry: OutboxEntry, changes: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    ...entry,
    ...changes,
    status: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    error: null,
    idempotency_key: newKey(),
    rebases: (entry.rebases ?? 0) + 1,
  };
}

/** The entry waits for the user's choice, with the server's record. */
async function markConflict(db: StoreScope, entry: OutboxEntry, current: RecordFields, body: unknown): Promise<SendVerdict> {
  const error = apiErrorSchema.safeParse(body);
  await db.outbox.put({
    ...entry,
    status: 'conflict',
    conflict: { current },
    error: syncErrorInfo('conflict', error.success ? error.data.message : undefined, { status: 409 }),
  });
  return 'sent';
}

/**
 * True when the server's values of the command's fields are still the ones
 * the record was based on, or already the command's: the newer version
 * changed something else (or only its timestamp).
 */
async function commandUntouched(
  db: StoreScope,
  resource: ResourceDefinition,
  entry: OutboxEntry,
  record: StoredRecord,
  current: RecordFields,
): Promise<boolean> {
  if (!record._base) return false;
  const { base, theirs } = await readConflictSides(db, resource, entry, record, current);
  const mine = commandEffect(resource, entry);
  return Object.keys(mine).every((field) => sameValue(base?.[field], theirs[field]) || sameValue(mine[field], theirs[field]));
}
