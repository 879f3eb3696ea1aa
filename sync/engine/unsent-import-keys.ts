/**
 * An imported record may already be on this device under another local key
 * (each device makes its own key when it first pulls a record): the import
 * keeps this device's key and rewrites every place the file names the
 * other one — the record's own key, both sides of its references (fields,
 * base, a withheld server version), its entries' keys and payloads, its
 * draft. And an administrator's import of a colleague's file keeps each
 * write counted under the colleague's idempotency keys
 * (sync/contract/idempotency-scope.ts). Pure functions of the key map.
 */
import { scopedIdempotencyKey } from '../contract/idempotency-scope';
import { draftKey } from '../store/drafts';
import { allReferences, type ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import type { UnsentDraft, UnsentEntry } from './unsent-format';

/** The file's local key → this device's, for the records the device already has under another key. */
export type KeyMap = ReadonlyMap<string, string>;

const mapped = (keys: KeyMap, key: string) => keys.get(key) ?? key;

/** `fields` with the local key of each reference rewritten (a copy; null stays null). */
export function remapFields<T extends RecordFields | null | undefined>(resource: ResourceDefinition, fields: T, keys: KeyMap): T {
  if (!fields) return fields;
  const next: RecordFields = { ...fields };
  for (const reference of allReferences(resource)) {
    const key = next[reference.keyField];
    if (typeof key === 'string') next[reference.keyField] = mapped(keys, key);
  }
  return next as T;
}

export function remapRecord(resource: ResourceDefinition, record: StoredRecord, keys: KeyMap): StoredRecord {
  const next: StoredRecord = {
    ...remapFields(resource, record, keys),
    key: mapped(keys, record.key),
    _base: remapFields(resource, record._base, keys),
  };
  if (record._remote && !record._remote.deleted) next._remote = { ...record._remote, fields: remapFields(resource, record._remote.fields, keys) };
  return next;
}

/** The idempotency key the entry is sent with from this device. */
export function importedIdempotencyKey(key: string, onBehalfOf: number | null): string {
  return onBehalfOf === null ? key : scopedIdempotencyKey(onBehalfOf, key);
}

/**
 * The entry as this device's outbox keeps it: its key and payload on this
 * device's keys, its idempotency key (and the body a try sent under it)
 * kept, or scoped to its owner; due now when it was waiting; tried at least
 * once, since the other device may have delivered it (outbox-plan.ts: it is
 * never rewritten, and a create's answer is matched against a copy pulled
 * meanwhile). A new seq is given by the outbox: the import's entries go
 * after this device's own.
 */
export function remapEntry(resource: ResourceDefinition, entry: UnsentEntry, keys: KeyMap, onBehalfOf: number | null): OutboxEntry {
  const { seq: _seq, ...rest } = entry;
  const idempotencyKey = importedIdempotencyKey(entry.idempotency_key, onBehalfOf);
  const next = {
    ...rest,
    key: mapped(keys, entry.key),
    payload: entry.op === 'command' ? entry.payload : remapFields(resource, entry.payload, keys),
    idempotency_key: idempotencyKey,
    attempts: Math.max(entry.attempts, 1),
  } as OutboxEntry;
  if (entry.sent) next.sent = { key: entry.sent.key === entry.idempotency_key ? idempotencyKey : entry.sent.key, body: entry.sent.body };
  if (next.status === 'pending' || next.status === 'in_flight') {
    // In flight on the other device: it may have reached the server, and the same key replays its answer.
    next.status = 'pending';
    next.next_attempt_at = 0;
  }
  return next;
}

export function remapDraft(resource: ResourceDefinition, recordKey: string, draft: UnsentDraft, keys: KeyMap): UnsentDraft {
  return {
    ...draft,
    key: draftKey(resource.name, mapped(keys, recordKey)),
    fields: remapFields(resource, draft.fields, keys),
    ...(draft.base ? { base: remapFields(resource, draft.base, keys) } : {}),
  };
}
