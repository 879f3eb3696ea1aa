/**
 * 'Exportar dados não enviados': everything this device has not delivered,
 * read in one snapshot of the store, as the file unsent-format.ts
 * describes: every outbox entry (whatever its state, with its idempotency
 * key and the body a try already sent), the records those entries and the
 * drafts belong to with every record they point at (a sample's quotation,
 * a photo's sample), the drafts, and the bytes of files not yet uploaded.
 * The entries still go from here if a connection comes first: the server
 * counts each once, whichever copy arrives first. So, in the same
 * transaction as the snapshot, each exported entry not yet tried counts as
 * tried once (outbox-plan.ts's "may have reached the server"): a later edit
 * here becomes a change of its own instead of rewriting what the file holds
 * (the server refuses a key replayed with another body), and a create's
 * answer is matched against a copy a pull may bring in meanwhile.
 */
import { formatInstantTimeBR } from '@/domain/dates';
import type { SyncDatabase } from '../store/database';
import { DRAFTS_TABLE, type DraftRow } from '../store/drafts';
import { allReferences } from '../store/registry/resource';
import type { OutboxEntry, StoredFile, StoredRecord } from '../store/types';
import { blobToBase64 } from './unsent-bytes';
import {
  CONTRACT_VERSION,
  STORE_VERSION,
  UNSENT_FORMAT,
  UNSENT_FORMAT_VERSION,
  type TransferUser,
  type UnsentCounts,
  type UnsentFile,
  type UnsentFileRow,
} from './unsent-format';

export interface UnsentExport {
  file: UnsentFile;
  counts: UnsentCounts;
}

/** 'dados-nao-enviados-tiago-21-11-2026-1005.json' (Brasília time, as everywhere in the app). */
export function unsentFileName(username: string, at: Date): string {
  const user =
    username
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'usuario';
  const stamp = formatInstantTimeBR(at).replace(/[/ ]/g, '-').replace(':', '');
  return `dados-nao-enviados-${user}-${stamp}.json`;
}

/** `{resource}:{key}` of a draft → its record. */
function draftRecord(draft: DraftRow): [string, string] | null {
  const at = draft.key.indexOf(':');
  return at > 0 ? [draft.key.slice(0, at), draft.key.slice(at + 1)] : null;
}

interface Snapshot {
  entries: OutboxEntry[];
  drafts: DraftRow[];
  files: StoredFile[];
  records: { resource: string; record: StoredRecord }[];
}

/** Reads what is unsent and marks the entries read as possibly delivered, in one transaction. */
async function takeSnapshot(db: SyncDatabase): Promise<Snapshot> {
  return db.write(async (store) => {
    const [entries, drafts, files] = await Promise.all([
      // In seq order (the primary key): the order the changes were made in.
      store.outbox.toArray(),
      db.table<DraftRow, string>(DRAFTS_TABLE).toArray(),
      store.files.where('status').anyOf('pending', 'failed').toArray(),
    ]);
    const queue: [string, string][] = [];
    for (const entry of entries) {
      queue.push([entry.resource, entry.key]);
      const resource = store.registry.has(entry.resource) ? store.registry.get(entry.resource) : null;
      for (const reference of resource && entry.payload ? allReferences(resource) : []) {
        const target = entry.payload![reference.keyField];
        if (typeof target === 'string') queue.push([reference.resource, target]);
      }
    }
    for (const draft of drafts) {
      const owner = draftRecord(draft);
      if (owner) queue.push(owner);
    }
    for (const file of files) queue.push([file.owner_resource, file.owner_key]);

    // The records and, transitively, what they point at: the importing device may never have pulled them.
    const records = new Map<string, { resource: string; record: StoredRecord }>();
    const seen = new Set<string>();
    while (queue.length > 0) {
      const [name, key] = queue.shift()!;
      const id = `${name}\u0000${key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (!store.registry.has(name) || store.registry.get(name).kind !== 'synced') continue;
      const record = await store.records(name).get(key);
      if (!record) continue;
      records.set(id, { resource: name, record });
      for (const reference of allReferences(store.registry.get(name))) {
        const target = record[reference.keyField];
        if (typeof target === 'string') queue.push([reference.resource, target]);
      }
    }
    for (const entry of entries) if (entry.attempts === 0 && entry.status === 'pending') await store.outbox.put({ ...entry, attempts: 1 });
    return { entries, drafts, files, records: [...records.values()] };
  });
}

async function fileRow(file: StoredFile): Promise<UnsentFileRow> {
  return {
    key: file.key,
    owner_resource: file.owner_resource,
    owner_key: file.owner_key,
    name: file.name,
    type: file.type,
    id: file.id,
    status: file.status,
    created_at: file.created_at,
    data: await blobToBase64(file.blob),
    thumbnail: file.thumbnail ? await blobToBase64(file.thumbnail) : null,
    thumbnail_type: file.thumbnail?.type ?? '',
  };
}

/** What this device has not delivered, as the file's content (its entries then count as tried once). */
export async function collectUnsentData(db: SyncDatabase, user: TransferUser, now: () => number = Date.now): Promise<UnsentExport> {
  const snapshot = await takeSnapshot(db);
  const files: UnsentFileRow[] = [];
  for (const file of snapshot.files) files.push(await fileRow(file));
  const file: UnsentFile = {
    format: UNSENT_FORMAT,
    format_version: UNSENT_FORMAT_VERSION,
    contract_version: CONTRACT_VERSION,
    store_version: STORE_VERSION,
    exported_at: new Date(now()).toISOString(),
    user: { id: user.id, username: user.username, name: user.name },
    entries: snapshot.entries as UnsentFile['entries'],
    records: snapshot.records as UnsentFile['records'],
    files,
    drafts: snapshot.drafts as UnsentFile['drafts'],
  };
  return { file, counts: { changes: file.entries.length, files: files.length, drafts: file.drafts.length } };
}

/** The file to download, or null when the device has nothing unsent. */
export async function exportUnsentData(
  db: SyncDatabase,
  user: TransferUser,
  now: () => number = Date.now,
): Promise<{ blob: Blob; fileName: string; counts: UnsentCounts } | null> {
  const { file, counts } = await collectUnsentData(db, user, now);
  if (counts.changes + counts.files + counts.drafts === 0) return null;
  const blob = new Blob([JSON.stringify(file)], { type: 'application/json' });
  return { blob, fileName: unsentFileName(user.username, new Date(now())), counts };
}
