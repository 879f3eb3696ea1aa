/**
 * 'Importar dados': an unsent-data file (unsent-format.ts) replayed through
 * the normal sync. Its entries join this device's outbox with their
 * idempotency keys, so the server counts each write once whichever device
 * delivers it first; the records they touch, what those point at, the
 * drafts and the bytes of files not yet uploaded come with them; then the
 * engine is asked to run. One transaction: all of it or, when refused,
 * nothing.
 *
 * Per record of the file with changes:
 * - on this device under the same local key (this device wrote the file, or
 *   imported it before), or its entries imported here before: left alone,
 *   its changes are already here or were delivered from here;
 * - on this device under another key (each device keys what it pulls): the
 *   file's version and changes take this device's key, unless this device
 *   has unsent changes of its own on it (then the whole import is refused,
 *   naming the records: two queues of changes on one record are not merged
 *   blindly);
 * - not on this device: added as it is.
 * A record the file only points at is added when missing, never replaced.
 * The lists of the records imported are pulled again from the start after
 * the push, so answers replayed by the server never leave an older version
 * on this device.
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import { DRAFTS_TABLE, type DraftRow } from '../store/drafts';
import { withIndexes } from '../store/local-record';
import { bumpCounter, META, readMeta, writeMeta } from '../store/meta';
import type { ResourceDefinition } from '../store/registry/resource';
import type { StoredRecord } from '../store/types';
import { SyncError } from './errors';
import { UNSENT_MESSAGES, type TransferUser, type UnsentCounts, type UnsentEntry, type UnsentRecord } from './unsent-format';
import { importedIdempotencyKey, type KeyMap, remapDraft, remapEntry, remapRecord } from './unsent-import-keys';
import { readUnsentFile, type ReadUnsentFile } from './unsent-import-read';

/** Idempotency keys of the entries imported on this device, so importing the same file again adds nothing. */
export const IMPORTED_KEYS_META = 'unsent_import_keys';
/** Enough for months of imports; the oldest go first. */
const IMPORTED_KEYS_KEPT = 20_000;
/** Records named in a refusal; the rest are counted. */
const NAMED_RECORDS = 3;

export interface UnsentImportResult {
  /** What this import added. */
  imported: UnsentCounts;
  /** Changes of the file this device already had (or had delivered). */
  alreadyHere: number;
}

const recordId = (resource: string, key: string) => `${resource}\u0000${key}`;

interface RecordGroup {
  source: UnsentRecord | undefined;
  resource: ResourceDefinition;
  entries: UnsentEntry[];
}

/** The file's records as this device has them: under the same key, another key (found by server id), or not at all. */
async function locate(
  store: StoreScope,
  records: readonly UnsentRecord[],
): Promise<{ keys: Map<string, string>; present: Map<string, 'same' | 'other'> }> {
  const keys = new Map<string, string>();
  const present = new Map<string, 'same' | 'other'>();
  for (const { resource, record } of records) {
    const table = store.records(resource);
    if (await table.get(record.key)) {
      present.set(recordId(resource, record.key), 'same');
      continue;
    }
    const byId = record.id === null ? undefined : await table.where('id').equals(record.id).first();
    if (!byId) continue;
    keys.set(record.key, byId.key);
    present.set(recordId(resource, record.key), 'other');
  }
  return { keys, present };
}

function groupsOf(store: StoreScope, read: ReadUnsentFile): Map<string, RecordGroup> {
  const sources = new Map(read.file.records.map((source) => [recordId(source.resource, source.record.key), source]));
  const groups = new Map<string, RecordGroup>();
  for (const entry of [...read.file.entries].sort((a, b) => a.seq - b.seq)) {
    const id = recordId(entry.resource, entry.key);
    const group = groups.get(id) ?? { source: sources.get(id), resource: store.registry.get(entry.resource), entries: [] };
    group.entries.push(entry);
    groups.set(id, group);
  }
  return groups;
}

function titleOf(group: RecordGroup): string {
  const title = group.source ? group.resource.title(group.source.record).trim() : '';
  return title ? `${group.resource.label} "${title}"` : group.resource.label;
}

function busyMessage(busy: readonly RecordGroup[]): string {
  const named = busy.slice(0, NAMED_RECORDS).map(titleOf);
  const more = busy.length - named.length;
  return UNSENT_MESSAGES.busyRecords(more > 0 ? `${named.join(', ')} e mais ${more}` : named.join(', '));
}

/** The resource whose list brings a record (a line arrives inside its parent). */
function listedAs(store: StoreScope, resource: ResourceDefinition): string {
  return resource.parent ? listedAs(store, store.registry.get(resource.parent.resource)) : resource.name;
}

/**
 * The file's record on this device's keys and indexes, still stamped with
 * the contract version that wrote its fields on the other device (none when
 * that build stamped none), not this app's.
 */
function asWritten(resource: ResourceDefinition, record: StoredRecord, keys: KeyMap): StoredRecord {
  const row = withIndexes(resource, remapRecord(resource, record, keys));
  if (record._contract_version === undefined) delete row._contract_version;
  else row._contract_version = record._contract_version;
  return row;
}

async function applyImport(db: SyncDatabase, store: StoreScope, read: ReadUnsentFile): Promise<UnsentImportResult> {
  const { file, onBehalfOf } = read;
  const { keys, present } = await locate(store, file.records);
  const importedBefore = new Set((await readMeta<string[]>(store, IMPORTED_KEYS_META)) ?? []);

  const take: RecordGroup[] = [];
  const busy: RecordGroup[] = [];
  let alreadyHere = 0;
  for (const [id, group] of groupsOf(store, read)) {
    const where = present.get(id);
    const known = group.entries.some((entry) => importedBefore.has(importedIdempotencyKey(entry.idempotency_key, onBehalfOf)));
    if (where === 'same' || known) {
      alreadyHere += group.entries.length;
      continue;
    }
    // Its record was not on the other device any more: its push would have dropped it too.
    if (!group.source) continue;
    const deviceKey = keys.get(group.source.record.key) ?? group.source.record.key;
    if (where === 'other' && (await store.outbox.where('key').equals(deviceKey).count()) > 0) busy.push(group);
    else take.push(group);
  }
  if (busy.length > 0) throw SyncError.of('validation', busyMessage(busy));

  // The records written: those with changes (replacing this device's copy), and what they point at when missing here.
  const written = new Set<string>();
  for (const group of take) {
    const { resource, record } = group.source!;
    await store.records(resource).put(asWritten(group.resource, record as StoredRecord, keys));
    written.add(recordId(resource, record.key));
  }
  for (const { resource, record } of file.records) {
    const id = recordId(resource, record.key);
    if (written.has(id) || present.has(id)) continue;
    await store.records(resource).put(asWritten(store.registry.get(resource), record as StoredRecord, keys));
    written.add(id);
  }

  // In the order they were made on the other device, after this device's own.
  const entries = take
    .flatMap((group) => group.entries.map((entry) => ({ entry, resource: group.resource })))
    .sort((a, b) => a.entry.seq - b.entry.seq);
  const newKeys: string[] = [];
  for (const { entry, resource } of entries) {
    const imported = remapEntry(resource, entry, keys, onBehalfOf);
    await store.outbox.add(imported);
    newKeys.push(imported.idempotency_key);
  }

  let files = 0;
  for (const row of file.files) {
    if (!written.has(recordId(row.owner_resource, row.owner_key))) continue;
    const owner = keys.get(row.owner_key) ?? row.owner_key;
    const [sameKey, owned] = await Promise.all([
      store.files.get(row.key),
      store.files.where('[owner_resource+owner_key]').equals([row.owner_resource, owner]).count(),
    ]);
    if (sameKey || owned > 0) continue;
    const bytes = read.bytes.get(row.key)!;
    const { data: _data, thumbnail_type: _type, ...kept } = row;
    await store.files.put({ ...kept, owner_key: owner, blob: bytes.blob, thumbnail: bytes.thumbnail });
    files += 1;
  }

  let drafts = 0;
  const draftTable = db.table<DraftRow, string>(DRAFTS_TABLE);
  for (const draft of file.drafts) {
    const at = draft.key.indexOf(':');
    const resource = store.registry.get(draft.key.slice(0, at));
    const row = remapDraft(resource, draft.key.slice(at + 1), draft, keys);
    if (await draftTable.get(row.key)) continue;
    await draftTable.put(row as DraftRow);
    drafts += 1;
  }

  if (newKeys.length > 0) {
    await writeMeta(store, IMPORTED_KEYS_META, [...importedBefore, ...newKeys].slice(-IMPORTED_KEYS_KEPT));
    for (const name of new Set(take.map((group) => listedAs(store, group.resource)))) await store.meta.delete(META.cursor(name));
    await bumpCounter(store, META.localChange);
    await bumpCounter(store, META.syncRequest);
  }
  return { imported: { changes: entries.length, files, drafts }, alreadyHere };
}

/**
 * Imports the text of an unsent-data file into this device's store (the
 * importer's). Throws SyncError 'validation' with the page's sentence when
 * the file is refused; nothing is changed then.
 */
export async function importUnsentData(db: SyncDatabase, text: string, importer: TransferUser): Promise<UnsentImportResult> {
  const read = readUnsentFile(text, db.registry, importer);
  return db.write((store) => applyImport(db, store, read));
}
