/**
 * The file store in an S3-compatible object store (FILES_URL=s3://bucket/
 * prefix), so several server machines share one store: each stored file is
 * the object `<prefix>/<key>`, a derived variant `<prefix>/<key>.<variant>`.
 * docs/decisions/file-store-s3.md
 *
 * Bytes received are first written to this machine's temporary folder
 * (DATA_DIR/tmp), counted and hashed; only when every byte is in and the
 * caller's check passed are they uploaded, with one PUT, to their final
 * name. A PUT is atomic (a reader sees the whole object or none), and S3
 * checks the bytes against the SHA-256 signed with them, so nothing half
 * written or unchecked is ever stored. Readers that need a path (an image
 * decoder) get a downloaded copy in the same folder, removed after use;
 * `.part` files a crash left there go at start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  assertVariant,
  type FileStore,
  FileMissingError,
  isStorageKey,
  type LocalCopy,
  type StoredBytes,
  type TemporaryFile,
  type WriteOptions,
} from './file-store';
import { filesLabel, type S3FilesConfig } from './files-config';
import { S3Client } from './s3-client';
import { PARTIAL_SUFFIX, removeStalePartials, spoolToFile } from './spool';

const PROBE_SUFFIX = '.probe';

export class S3FileStore implements FileStore {
  readonly label: string;
  private readonly client: S3Client;
  private readonly tempFolder: string;
  /** '' or `<prefix>/`: what every object name of this store starts with. */
  private readonly base: string;

  constructor(config: S3FilesConfig) {
    this.label = filesLabel(config);
    this.client = new S3Client(config);
    this.tempFolder = config.tempFolder;
    this.base = config.prefix ? `${config.prefix}/` : '';
  }

  async init(now = Date.now()): Promise<void> {
    await mkdir(this.tempFolder, { recursive: true });
    await removeStalePartials(this.tempFolder, now);
  }

  private nameOf(key: string): string {
    assertStorageKey(key);
    return `${this.base}${key}`;
  }

  private derivedNameOf(key: string, variant: string): string {
    assertVariant(variant);
    return `${this.nameOf(key)}.${variant}`;
  }

  private async temporaryPath(): Promise<string> {
    await mkdir(this.tempFolder, { recursive: true });
    return join(this.tempFolder, `${randomBytes(16).toString('hex')}${PARTIAL_SUFFIX}`);
  }

  async write(source: Readable, options: WriteOptions = {}): Promise<StoredBytes> {
    const path = await this.temporaryPath();
    try {
      const { size, sha256 } = await spoolToFile(source, path);
      await options.check?.({ size });
      const key = randomBytes(16).toString('hex');
      await this.client.putFile(this.nameOf(key), path, size, sha256);
      return { key, size, sha256 };
    } finally {
      await unlink(path).catch(() => undefined);
    }
  }

  async writeTemporary(source: Readable): Promise<TemporaryFile> {
    const path = await this.temporaryPath();
    const { size } = await spoolToFile(source, path);
    return { path, size, discard: () => unlink(path).catch(() => undefined) };
  }

  async open(key: string): Promise<Readable> {
    const found = await this.client.get(this.nameOf(key));
    if (!found) throw new FileMissingError(key);
    return found.body;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    return this.client.head(this.nameOf(key));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async localCopy(key: string): Promise<LocalCopy> {
    const path = await this.temporaryPath();
    if (!(await this.copyTo(key, path))) throw new FileMissingError(key);
    return { path, discard: () => unlink(path).catch(() => undefined) };
  }

  async copyTo(key: string, path: string): Promise<boolean> {
    const found = await this.client.get(this.nameOf(key));
    if (!found) return false;
    try {
      await pipeline(found.body, createWriteStream(path, { flags: 'wx', mode: 0o640 }));
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
    return true;
  }

  async remove(key: string): Promise<void> {
    const name = this.nameOf(key);
    await this.client.delete(name);
    // The variants by listing, not by a list of known names: one made by an older version goes too.
    for await (const derived of this.client.list(`${name}.`)) await this.client.delete(derived);
  }

  async openDerived(key: string, variant: string): Promise<{ body: Readable; size: number } | null> {
    return this.client.get(this.derivedNameOf(key, variant));
  }

  async writeDerived(key: string, variant: string, bytes: Buffer): Promise<void> {
    await this.client.putBytes(this.derivedNameOf(key, variant), bytes, createHash('sha256').update(bytes).digest('hex'));
  }

  async importFile(key: string, path: string): Promise<void> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    await this.client.putFile(this.nameOf(key), path, size, hash.digest('hex'));
  }

  async *list(): AsyncIterable<string> {
    for await (const name of this.client.list(this.base)) {
      const key = name.slice(this.base.length);
      if (isStorageKey(key)) yield key;
    }
  }

  async isEmpty(): Promise<boolean> {
    // A readiness probe a killed process left is no data.
    for await (const name of this.client.list(this.base)) if (!name.endsWith(PROBE_SUFFIX)) return false;
    return true;
  }

  async checkWritable(): Promise<void> {
    // Not a key's shape: never listed as a stored file, even if the process dies before the delete.
    const name = `${this.base}ready-${randomBytes(8).toString('hex')}${PROBE_SUFFIX}`;
    const bytes = Buffer.from('ok');
    await this.client.putBytes(name, bytes, createHash('sha256').update(bytes).digest('hex'));
    await this.client.delete(name);
  }
}
