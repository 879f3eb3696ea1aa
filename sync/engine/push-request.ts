/**
 * The HTTP request of a create, update or delete at the head of its chain,
 * built from the entry, its record and the server ids its references were
 * resolved to (a command builds its own, commands.ts). Nothing is written
 * here; the only read is an upload's bytes.
 */
import { IDEMPOTENCY_HEADER, IF_MATCH_HEADER } from '../contract/sync';
import type { StoreScope } from '../store/database';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { syncErrorInfo, SYNC_MESSAGES } from './errors';
import { FILE_MESSAGES, uploadForm } from './files-store';
import type { Prepared } from './push-apply';
import type { HttpRequest } from './transport';
import { buildBody, fillPath } from './wire';

export type BuiltRequest =
  | { kind: 'request'; request: HttpRequest; body: RecordFields | undefined; parent: Prepared['parent'] }
  /** Not yet: the record has no server id (its create has not been answered). */
  | { kind: 'waiting' }
  /** A delete of a record the server never had: nothing to send. */
  | { kind: 'never-created' }
  /** Cannot go as it is (its parent is gone, its file's bytes are missing): failed with `error`, the data kept. */
  | { kind: 'refused'; error: SyncErrorInfo };

/** Server ids of the record's references, by wire field (wire.ts resolveReferences). */
type ReferenceIds = Record<string, number | null>;

export async function buildRequest(
  db: StoreScope,
  entry: OutboxEntry,
  record: StoredRecord,
  resource: ResourceDefinition,
  ids: ReferenceIds,
): Promise<BuiltRequest> {
  const parent = resource.parent ? { key: record[resource.parent.keyField] as string, id: ids[resource.parent.field] ?? null } : undefined;
  if (parent?.id === null) return { kind: 'refused', error: syncErrorInfo('validation', SYNC_MESSAGES.missingReference) };
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: entry.idempotency_key };
  if (entry.op === 'create') return createRequest(db, entry, resource, ids, parent, headers);
  if (record.id === null) return entry.op === 'delete' ? { kind: 'never-created' } : { kind: 'waiting' };
  if (record.updated_at) headers[IF_MATCH_HEADER] = record.updated_at;
  const path = fillPath(entry.op === 'delete' ? resource.paths.delete : resource.paths.update, { id: record.id, parentId: parent?.id });
  if (entry.op === 'delete') return { kind: 'request', request: { method: 'DELETE', path, headers }, body: undefined, parent };
  const body = bodyOf(entry, resource, ids);
  return { kind: 'request', request: { method: 'PUT', path, body, headers }, body, parent };
}

async function createRequest(
  db: StoreScope,
  entry: OutboxEntry,
  resource: ResourceDefinition,
  ids: ReferenceIds,
  parent: Prepared['parent'],
  headers: Record<string, string>,
): Promise<BuiltRequest> {
  const body = bodyOf(entry, resource, ids);
  const path = fillPath(resource.paths.create, { parentId: parent?.id });
  if (!resource.upload) return { kind: 'request', request: { method: 'POST', path, body, headers }, body, parent };
  // A file's create is a multipart upload of the bytes kept on the device (files.ts).
  const upload = await uploadForm(db, resource, entry.key, body);
  if (!upload) return { kind: 'refused', error: syncErrorInfo('validation', FILE_MESSAGES.missing) };
  return { kind: 'request', request: { method: 'POST', path, headers, upload: { form: upload.form, bytes: upload.size } }, body, parent };
}

/** The body an earlier try sent under the entry's current key: a retry replays it, byte for byte. */
export function keptBody(entry: Pick<OutboxEntry, 'sent' | 'idempotency_key'>): RecordFields | undefined {
  return entry.sent?.key === entry.idempotency_key ? entry.sent.body : undefined;
}

function bodyOf(entry: OutboxEntry, resource: ResourceDefinition, ids: ReferenceIds): RecordFields {
  return keptBody(entry) ?? buildBody(resource, entry.payload ?? {}, ids);
}
