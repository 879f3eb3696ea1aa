/**
 * The file store in a local folder, DATA_DIR/files (the default adapter of
 * file-store.ts; ARCHITECTURE.md "Data and configuration"). Every file is
 * named by a random storage key (32 hex characters) the server makes up;
 * a key is checked against its pattern before it is joined to the folder,
 * so a stored or forged key cannot leave it.
 *
 * Writes go to `<key>.part` and are renamed when complete (and checked), so
 * a reader never sees half a file; `.part` files a crash left behind are
 * removed at start.
 *
 * Files made from a stored one (thumbnails, server/files/thumbnails.ts) sit
 * next to it as `<key>.<variant>` and go with it when it is removed.
 *
 * An upload that is decoded before anything is kept (images,
 * server/files/image-check.ts) is first written as a temporary `.part` file
 * (`writeTemporary`): never a stored file, removed by its caller, and by
 * `init` if a crash left it behind.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
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
import { PARTIAL_SUFFIX, removeStalePartials, spoolToFile } from './spool';

export type { StoredBytes, TemporaryFile } from './file-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class FileStorage implements FileStore {
  readonly root: string;
  readonly label: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.label = this.root;
  }

  /** Creates the folder and removes partial files left by a crash. */
  async init(now = Date.now()): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await removeStalePartials(this.root, now);
  }

  static isKey(key: string): boolean {
    return isStorageKey(key);
  }

  /** Absolute path of a stored file; throws for anything that is not a storage key. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, key);
    // Belt and braces: the pattern already rules out separators and dots.
    if (!path.startsWith(this.root + sep)) throw new Error('storage path outside the files folder');
    return path;
  }

  /** Absolute path of a file derived from a stored one (`<key>.<variant>`, e.g. a thumbnail). */
  derivedPathOf(key: string, variant: string): string {
    assertVariant(variant);
    return `${this.pathOf(key)}.${variant}`;
  }

  /** A temporary path beside `path`: a `.part` file, so a crash's leftovers go at start. */
  private partialPathOf(path: string): string {
    return `${path}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
  }

  async write(source: Readable, options: WriteOptions = {}): Promise<StoredBytes> {
    await mkdir(this.root, { recursive: true });
    const key = randomBytes(16).toString('hex');
    const finalPath = this.pathOf(key);
    const partialPath = finalPath + PARTIAL_SUFFIX;
    const { size, sha256 } = await spoolToFile(source, partialPath);
    try {
      await options.check?.({ size });
      await rename(partialPath, finalPath);
    } catch (error) {
      await unlink(partialPath).catch(() => undefined);
      throw error;
    }
    return { key, size, sha256 };
  }

  async writeTemporary(source: Readable): Promise<TemporaryFile> {
    await mkdir(this.root, { recursive: true });
    const path = join(this.root, `upload-${randomBytes(16).toString('hex')}${PARTIAL_SUFFIX}`);
    const { size } = await spoolToFile(source, path);
    return { path, size, discard: () => unlink(path).catch(() => undefined) };
  }

  async open(key: string): Promise<ReadStream> {
    const stream = createReadStream(this.pathOf(key));
    await new Promise<void>((ok, fail) => {
      stream.once('open', () => ok());
      stream.once('error', (error) => fail(isMissing(error) ? new FileMissingError(key) : error));
    });
    return stream;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async localCopy(key: string): Promise<LocalCopy> {
    if (!(await this.exists(key))) throw new FileMissingError(key);
    // The file itself: its bytes never change under its key, and a removal while it is read leaves the open file readable.
    return { path: this.pathOf(key), discard: async () => undefined };
  }

  async copyTo(key: string, path: string): Promise<boolean> {
    const from = this.pathOf(key);
    try {
      await link(from, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    }
    try {
      await copyFile(from, path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const gone = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    };
    await unlink(this.pathOf(key)).catch(gone);
    const derived = (await readdir(this.root).catch(() => [] as string[])).filter(
      (name) => name.startsWith(`${key}.`) && !name.endsWith(PARTIAL_SUFFIX),
    );
    for (const name of derived) await unlink(join(this.root, name)).catch(gone);
  }

  async openDerived(key: string, variant: string): Promise<{ body: Readable; size: number } | null> {
    const path = this.derivedPathOf(key, variant);
    const info = await stat(path).catch(() => null);
    return info ? { body: createReadStream(path), size: info.size } : null;
  }

  async writeDerived(key: string, variant: string, bytes: Buffer): Promise<void> {
    const path = this.derivedPathOf(key, variant);
    // Under a temporary name and renamed: two requests at once each write their own, and a reader never sees half.
    const partial = this.partialPathOf(path);
    try {
      await writeFile(partial, bytes, { flag: 'wx', mode: 0o640 });
      await rename(partial, path);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
  }

  async importFile(key: string, path: string): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const target = this.pathOf(key);
    try {
      await rename(path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system (DATA_DIR/files mounted apart): copied under a `.part` name, then renamed.
      const partial = this.partialPathOf(target);
      await copyFile(path, partial);
      await rename(partial, target);
    }
  }

  async *list(): AsyncIterable<string> {
    for (const name of await readdir(this.root).catch(() => [] as string[])) if (isStorageKey(name)) yield name;
  }

  async isEmpty(): Promise<boolean> {
    try {
      return (await readdir(this.root)).length === 0;
    } catch (error) {
      if (isMissing(error)) return true;
      throw error;
    }
  }

  async checkWritable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    // A `.part` name: if the process dies between the two calls, `init` removes it.
    const probe = join(this.root, `ready-${randomBytes(8).toString('hex')}${PARTIAL_SUFFIX}`);
    await writeFile(probe, 'ok', { flag: 'wx' });
    await unlink(probe);
  }
}

/** The folder of the local store: DATA_DIR/files. */
export function filesFolder(dataDir: string): string {
  return join(dataDir, 'files');
}
