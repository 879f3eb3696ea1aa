/**
 * Reading an unsent-data file before anything is written: its text must be
 * this format (else: damaged), written by this app's format, contract and
 * store versions or older ones, its rows' contract stamps included (else:
 * update the app first), naming only resources this app syncs, with
 * bytes that decode; and it must be the importer's own, unless the importer
 * is an administrator. Each refusal is a SyncError 'validation' with the
 * Portuguese sentence the page shows; nothing has been changed then.
 */
import type { ResourceRegistry } from '../store/registry/registry';
import { SyncError } from './errors';
import { base64ToBlob } from './unsent-bytes';
import {
  CONTRACT_VERSION,
  STORE_VERSION,
  UNSENT_FORMAT_VERSION,
  UNSENT_MESSAGES,
  unsentFileSchema,
  unsentHeaderSchema,
  type TransferUser,
  type UnsentFile,
} from './unsent-format';

/** A file row's bytes, decoded before the import's transaction (only store work may be awaited inside it). */
export interface DecodedBytes {
  blob: Blob;
  thumbnail: Blob | null;
}

export interface ReadUnsentFile {
  file: UnsentFile;
  /** The bytes of each file row, by its key. */
  bytes: Map<string, DecodedBytes>;
  /** Whose idempotency keys the entries are, when not the importer's own (an administrator importing a colleague's file). */
  onBehalfOf: number | null;
}

const refuse = (message: string) => SyncError.of('validation', message);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse(UNSENT_MESSAGES.corrupt);
  }
}

function synced(registry: ResourceRegistry, name: string): boolean {
  return registry.has(name) && registry.get(name).kind === 'synced';
}

export function readUnsentFile(text: string, registry: ResourceRegistry, importer: TransferUser): ReadUnsentFile {
  const json = parseJson(text);
  const header = unsentHeaderSchema.safeParse(json);
  if (!header.success) throw refuse(UNSENT_MESSAGES.corrupt);
  const { format_version, contract_version, store_version } = header.data;
  if (format_version > UNSENT_FORMAT_VERSION || contract_version > CONTRACT_VERSION || store_version > STORE_VERSION)
    throw refuse(UNSENT_MESSAGES.newer);
  const parsed = unsentFileSchema.safeParse(json);
  if (!parsed.success) throw refuse(UNSENT_MESSAGES.corrupt);
  const file = parsed.data;
  // A row stamped by a newer contract than this app's (sync/contract/contract-version.ts) would be sent in a shape it does not know.
  const stamps = [
    ...file.entries.map((entry) => entry.contract_version),
    ...file.drafts.map((draft) => draft.contract_version),
    ...file.records.map((record) => record.record._contract_version),
  ];
  if (stamps.some((stamp) => typeof stamp === 'number' && stamp > CONTRACT_VERSION)) throw refuse(UNSENT_MESSAGES.newer);
  const names = [
    ...file.entries.map((entry) => entry.resource),
    ...file.records.map((record) => record.resource),
    ...file.files.map((row) => row.owner_resource),
    ...file.drafts.map((draft) => draft.key.slice(0, draft.key.indexOf(':'))),
  ];
  if (!names.every((name) => synced(registry, name))) throw refuse(UNSENT_MESSAGES.corrupt);
  if (file.user.id !== importer.id && !importer.isAdmin) throw refuse(UNSENT_MESSAGES.otherUser(file.user.name));
  const bytes = new Map<string, DecodedBytes>();
  try {
    for (const row of file.files) {
      const thumbnail = row.thumbnail === null ? null : base64ToBlob(row.thumbnail, row.thumbnail_type);
      bytes.set(row.key, { blob: base64ToBlob(row.data, row.type), thumbnail });
    }
  } catch {
    throw refuse(UNSENT_MESSAGES.corrupt);
  }
  return { file, bytes, onBehalfOf: file.user.id === importer.id ? null : file.user.id };
}
