/**
 * A 409 with the server's current record: conflict detection and rebase.
 *
 * A 409 is only a conflict when someone changed what the user can edit. When
 * the server's editable fields are still those this change was based on
 * (only `updated_at` moved, e.g. an equipment line was added to the agent),
 * the change is re-sent against the new timestamp (a rebase, bounded by
 * MAX_REBASES); when they already equal what was sent, the change is in and
 * the entry is done. Otherwise the entry becomes a `conflict` the user resolves.
 */
import { apiErrorSchema } from '../contract/errors';
import { conflictResponseSchema } from '../contract/sync';
import type { StoreScope } from '../store/database';
import { sameValue } from '../store/local-record';
import { newKey } from '../store/keys';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { syncErrorInfo } from './errors';
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
  if (entry.op === 'update' && prepared.body && sameInput(resource, current, prepared.body)) {
    await acceptAnswer(db, prepared, entry, record, current);
    return 'sent';
  }
  const rebases = entry.rebases ?? 0;
  const base = record._base ? await withDeletedTargetsCleared(db, resource, record._base, current) : null;
  if (base && sameInput(resource, current, base) && rebases < MAX_REBASES) {
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
 * The base as the server has it once this device's own deletes are in: a
 * reference to a record the user deleted here (set-null) reads as null,
 * since the server clears it when that delete arrives. Without this, the
 * device's own category delete, reaching the server first, would make its
 * own edit of the equipment look like someone else's change. The same holds
 * when the base names the target only by id (an answer applied after the
 * target was already gone from the device, e.g. a create's replayed answer)
 * and the server now has null there: no live record on the device has that
 * id, so it was deleted, and the server cleared the reference for it.
 */
async function withDeletedTargetsCleared(
  db: StoreScope,
  resource: ResourceDefinition,
  base: RecordFields,
  current: RecordFields,
): Promise<RecordFields> {
  const cleared = { ...base };
  for (const reference of resource.references) {
    if (reference.onDelete !== 'set-null') continue;
    const key = base[reference.keyField];
    const id = base[reference.field];
    let target: StoredRecord | undefined;
    if (typeof key === 'string') target = await db.records(reference.resource).get(key);
    else if (typeof id === 'number' && current[reference.field] === null) target = await db.records(reference.resource).where('id').equals(id).first();
    else continue;
    if (!target || target._deleted) cleared[reference.field] = null;
  }
  return cleared;
}

/** Equal on every field the input schema writes (references compared by server id). */
function sameInput(resource: ResourceDefinition, a: RecordFields, b: RecordFields): boolean {
  return Object.keys(resource.input.shape).every((field) => sameValue(a[field], b[field]));
}
