/**
 * The file store's port: what the server does with stored bytes, whatever
 * keeps them. Two adapters: the local folder DATA_DIR/files (storage.ts, the
 * default) and an S3-compatible object store (s3-store.ts, FILES_URL=s3://…),
 * so several machines behind a load balancer share one store
 * (docs/decisions/file-store-s3.md). open-file-store.ts picks one.
 *
 * Keys are the server's own (32 random hex characters): nothing the client
 * sends ever becomes part of a path or an object name. A key names bytes
 * that never change; files made from them (thumbnails) are derived variants
 * `<key>.<variant>` that go with the key when it is removed.
 *
 * No consumer gets a path into the store: one that needs a file on disk
 * (an image decoder) asks for a local copy, one that needs bytes opens a
 * stream. Temporary files (uploads decoded before anything is kept) are
 * always on this machine's disk.
 */
import type { Readable } from 'node:stream';

export type StoredBytes = { key: string; size: number; sha256: string };

/** Bytes received but not stored (yet): read them at `path`, then `discard()` them. */
export type TemporaryFile = { path: string; size: number; discard(): Promise<void> };

/** A stored file readable at a path on this machine until `discard()` (a download for the object store, the file itself for the folder). */
export type LocalCopy = { path: string; discard(): Promise<void> };

export type WriteOptions = {
  /**
   * Runs when every byte is in and counted, before they become a stored
   * file: throwing refuses them (nothing is kept). Uploads check here what
   * only the end of the stream tells (a part cut at the size limit).
   */
  check?(received: { size: number }): void | Promise<void>;
};

export interface FileStore {
  /** Where the bytes are, for logs and caches: the folder's path or `s3://bucket/prefix`. */
  readonly label: string;
  /** Prepares the store at start and removes temporary files a crash left behind. */
  init(now?: number): Promise<void>;
  /** Stores everything `source` yields under a new key, hashing and counting on the way; on any failure nothing is left. */
  write(source: Readable, options?: WriteOptions): Promise<StoredBytes>;
  /** Writes `source` to a temporary file on this machine, for a caller that reads it before deciding what to store. */
  writeTemporary(source: Readable): Promise<TemporaryFile>;
  /** A stream of the stored bytes; rejects with a FileMissingError when they are gone. */
  open(key: string): Promise<Readable>;
  /** The stored file's size, or null when it is gone. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes at a path on this machine (rejects with a FileMissingError when they are gone). */
  localCopy(key: string): Promise<LocalCopy>;
  /** Copies the stored bytes to `path` (a new file); false when they are gone. A local copy is a hard link where possible. */
  copyTo(key: string, path: string): Promise<boolean>;
  /** Removes a stored file and every variant derived from it; a file already gone is fine. */
  remove(key: string): Promise<void>;
  /** A derived variant (`<key>.<variant>`) with its size, or null when it was not made yet. */
  openDerived(key: string, variant: string): Promise<{ body: Readable; size: number } | null>;
  /** Keeps a derived variant; a reader never sees half of it. */
  writeDerived(key: string, variant: string, bytes: Buffer): Promise<void>;
  /** Puts the file at `path` (checked by its caller) under `key`: a restore brings back the keys of its archive. */
  importFile(key: string, path: string): Promise<void>;
  /** Every stored key (not variants, not temporary files). */
  list(): AsyncIterable<string>;
  /** True when the store holds nothing at all (a restore's target must be empty). */
  isEmpty(): Promise<boolean>;
  /** Writes and removes a small probe; rejects when the store cannot take a file (GET /api/ready). */
  checkWritable(): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{32}$/;
/** What may follow a key in a derived file's name: letters, digits, dots and hyphens, never a separator or '..'. */
const VARIANT_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function assertVariant(variant: string): void {
  if (!VARIANT_PATTERN.test(variant)) throw new Error(`invalid variant: ${JSON.stringify(variant)}`);
}

/** Stored bytes that are gone. `code` is ENOENT for both stores, so callers tell "gone" from "store down" the same way. */
export class FileMissingError extends Error {
  override name = 'FileMissingError';
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`stored file missing: ${key}`);
  }
}
