/**
 * The shapes kept in the local store: resource records with their sync
 * metadata, outbox entries, sync metadata rows and file blobs. Every other
 * module of sync/ speaks in these types; the wire shapes stay in sync/contract.
 */

/** Fields of a record as the device keeps them (wire names, references also by local key). */
export type RecordFields = Record<string, unknown>;

/**
 * One record of a resource table.
 *
 * `key` is the local primary key (a UUID made on the device, or when the
 * record was first pulled); `id` is the server id, null until the create is
 * pushed. The editable fields sit at the top level, under their wire names;
 * a reference keeps both the server id (`category_id`) and the local key of
 * the target (`category_key`), so a record created offline can point at
 * another record created offline.
 *
 * Fields prefixed with `_` are sync metadata the screens do not show.
 */
export interface StoredRecord extends RecordFields {
  key: string;
  id: number | null;
  /** Server timestamps of the last server version this device accepted (null before the first push). */
  created_at: string | null;
  updated_at: string | null;
  /** The last server version of the fields (local form); null for a record never pushed. Discard reverts to it. */
  _base: RecordFields | null;
  /**
   * A newer server version a pull saw while this record had pending changes.
   * It is not applied (pending changes win until pushed or discarded); discard
   * applies it instead of `_base`.
   */
  _remote?: RemoteVersion;
  /** Present while a local delete waits to be pushed: the row stays as a tombstone, out of every list index. */
  _deleted?: 1;
  /** When the record was created on this device (ISO); orders offline creations. */
  _local_at?: string;
  /** Ordering key (newest first), absent on tombstones so they drop out of the index. */
  _sort?: string;
  /** Schema version 6's search index entries (`prefix \u0001 _sort`); version 7's upgrade removed them (the search is derived in memory now, search-cache.ts). */
  _search?: string[];
  /**
   * The contract version of the code that last wrote the record's fields
   * (`withIndexes` stamps it); absent on records written before versions
   * were stamped (contract-stamp.ts reads them).
   */
  _contract_version?: number;
}

export type RemoteVersion = { deleted: true } | { deleted?: false; fields: RecordFields; created_at: string; updated_at: string };

export type OutboxOperation = 'create' | 'update' | 'delete' | 'command';

/**
 * What a `command` entry sends (sync/engine/commands.ts): a call that is not
 * a plain write of the record (a quotation's status change, a duplicate, an
 * e-mail). Copied from the resource's declaration when queued, so an entry
 * is sent as it was queued even if the app is updated meanwhile.
 */
export interface OutboxCommand {
  /** Name in the resource's `commands` ('status'). */
  name: string;
  /** Portuguese name for the sync page ('Alteração de status'). */
  label: string;
  method: 'POST' | 'PUT';
  /** Path template; `{id}` (and `{parentId}`) filled with the record's server ids when sent. */
  path: string;
  /**
   * What the 2xx answer is: `record`, the record's new server version;
   * `created`, a new record of the same resource (a duplicate), applied as
   * pulled; `none`, nothing to apply.
   */
  answer: 'record' | 'created' | 'none';
  /** Resources the command creates or changes on the server, pulled after it. */
  pulls: string[];
}

/**
 * - pending: waiting to be sent (possibly until `next_attempt_at`, after a retryable failure)
 * - in_flight: being sent right now (reset to pending when the app restarts)
 * - failed: the server refused it (4xx); the local data is kept until the user fixes, retries or discards it
 * - conflict: the server's record changed since this device last saw it; the user picks a version
 */
export type OutboxStatus = 'pending' | 'in_flight' | 'failed' | 'conflict';

export type SyncErrorCode = 'network' | 'server' | 'unauthorized' | 'validation' | 'conflict' | 'not-found';

/** What went wrong with an entry or a sync run, in the UI's words. */
export interface SyncErrorInfo {
  code: SyncErrorCode;
  message: string;
  /** HTTP status when there was an answer. */
  status?: number;
  /** Per-field messages of a validation failure. */
  fields?: Record<string, string[]>;
}

export interface OutboxEntry {
  /** Auto-incremented: the order the changes were made in. */
  seq?: number;
  resource: string;
  op: OutboxOperation;
  /** Local key of the record. */
  key: string;
  /** Full input fields in local form (references by key and id); null for a delete; the body of a command. */
  payload: RecordFields | null;
  /** For op 'command': what to send (the body is `payload`). */
  command?: OutboxCommand;
  /** Sent as Idempotency-Key; kept across retries so a replay after a lost answer applies nothing twice. */
  idempotency_key: string;
  /** Sends so far. An entry sent at least once may have reached the server, so it is never merged into or cancelled. */
  attempts: number;
  /** Epoch ms before which the entry is not sent again. */
  next_attempt_at: number;
  status: OutboxStatus;
  error: SyncErrorInfo | null;
  /**
   * Times a 409 was settled without the user because the server's editable
   * fields were still the ones this change was based on (only its timestamp
   * had moved); bounded so a server that keeps answering 409 ends as a conflict.
   */
  rebases?: number;
  /**
   * A versioned command settled or resolved after a 409: the server version
   * (`updated_at`) it is sent against, instead of the record's own (which,
   * with its base, stays what the record's later changes were made on).
   */
  version?: string;
  /**
   * The body last sent under `key` (the idempotency key of that send). A
   * retry with the same key sends exactly it: the server refuses a key reused
   * with another body (422), and references resolved again later (a target
   * deleted here meanwhile) must not change what may already be applied.
   */
  sent?: { key: string; body: RecordFields };
  /** On a conflict: the server's record as it is now (wire form). */
  conflict: { current: RecordFields } | null;
  /**
   * The contract version of the code that queued the entry. Kept by every
   * later rewrite (a save merged into it still sends what that code wrote);
   * absent on entries queued before versions were stamped (contract-stamp.ts).
   */
  contract_version?: number;
  /** Epoch ms of the first save that made this entry. */
  created_at: number;
  /** Epoch ms of the last save merged into it. */
  changed_at: number;
}

/** Sync metadata: cursors per resource, last successful sync, the engine's state. */
export interface MetaRow {
  name: string;
  value: unknown;
}

/** A file kept on the device until it is uploaded (photos of samples, later issues). */
export interface StoredFile {
  key: string;
  /** Resource and local key of the record the file belongs to. */
  owner_resource: string;
  owner_key: string;
  name: string;
  type: string;
  blob: Blob;
  thumbnail: Blob | null;
  /** Server id once uploaded. */
  id: number | null;
  status: 'pending' | 'uploaded' | 'failed';
  created_at: number;
}
