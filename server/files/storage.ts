/**
 * File bytes on disk, under DATA_DIR/files (ARCHITECTURE.md "Data and
 * configuration"). Every file is named by a random storage key (32 hex
 * characters) the server makes up; nothing the client sends ever becomes
 * part of a path, and a key is checked against its pattern before it is
 * joined to the folder, so a stored or forged key cannot leave it.
 *
 * Writes go to `<key>.part` and are renamed when complete, so a reader never
 * sees half a file; `.part` files a crash left behind are removed at start.
 *
 * Files made from a stored one (thumbnails, server/files/thumbnails.ts) sit
 * next to it as `<key>.<variant>` and go with it when it is removed.
 *
 * An upload that is decoded before anything is kept (images,
 * server/files/image-check.ts) is first written as a temporary `.part` file
 * (`writeTemporary`): never a stored file, removed by its caller, and by
 * `init` if a crash left it behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const KEY_PATTERN = /^[a-f0-9]{32}$/;
/** What may follow a key in a derived file's name: letters, digits, dots and hyphens, never a separator or '..'. */
const VARIANT_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
const PARTIAL_SUFFIX = '.part';
/** A `.part` file older than this belongs to no running upload. */
const STALE_PARTIAL_MS = 60 * 60_000;

export type StoredBytes = { key: string; size: number; sha256: string };

/** Bytes received but not stored (yet): read them at `path`, then `discard()` them. */
export type TemporaryFile = { path: string; size: number; discard(): Promise<void> };

export class FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Creates the folder and removes partial files left by a crash. */
  async init(now = Date.now()): Promise<void> {
    await mkdir(this.root, { recursive: true });
    for (const name of await readdir(this.root)) {
      if (!name.endsWith(PARTIAL_SUFFIX)) continue;
      const path = join(this.root, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_PARTIAL_MS) await unlink(path).catch(() => undefined);
    }
  }

  static isKey(key: string): boolean {
    return KEY_PATTERN.test(key);
  }

  /** Absolute path of a stored file; throws for anything that is not a storage key. */
  pathOf(key: string): string {
    if (!FileStorage.isKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    const path = join(this.root, key);
    // Belt and braces: the pattern already rules out separators and dots.
    if (!path.startsWith(this.root + sep)) throw new Error('storage path outside the files folder');
    return path;
  }

  /** Absolute path of a file derived from a stored one (`<key>.<variant>`, e.g. a thumbnail). */
  derivedPathOf(key: string, variant: string): string {
    if (!VARIANT_PATTERN.test(variant)) throw new Error(`invalid variant: ${JSON.stringify(variant)}`);
    return `${this.pathOf(key)}.${variant}`;
  }

  /** A temporary path for writing a derived file: a `.part` file, so a crash's leftovers go at start. */
  partialPathOf(path: string): string {
    return `${path}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
  }

  /**
   * Stores everything `source` yields under a new key, hashing and counting
   * on the way. On any failure nothing is left behind.
   */
  async write(source: Readable): Promise<StoredBytes> {
    await mkdir(this.root, { recursive: true });
    const key = randomBytes(16).toString('hex');
    const finalPath = this.pathOf(key);
    const partialPath = finalPath + PARTIAL_SUFFIX;
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(partialPath, { flags: 'wx', mode: 0o640 }));
      await rename(partialPath, finalPath);
    } catch (error) {
      await unlink(partialPath).catch(() => undefined);
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  /**
   * Writes everything `source` yields to a temporary `.part` file in the
   * folder, for a caller that reads it before deciding what to store (an
   * image is decoded and re-encoded). On any failure nothing is left behind.
   */
  async writeTemporary(source: Readable): Promise<TemporaryFile> {
    await mkdir(this.root, { recursive: true });
    const path = join(this.root, `upload-${randomBytes(16).toString('hex')}${PARTIAL_SUFFIX}`);
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const discard = () => unlink(path).catch(() => undefined);
    try {
      await pipeline(source, meter, createWriteStream(path, { flags: 'wx', mode: 0o640 }));
    } catch (error) {
      await discard();
      throw error;
    }
    return { path, size, discard };
  }

  /** A stream of the stored bytes; rejects with ENOENT when they are gone. */
  async open(key: string): Promise<ReadStream> {
    const path = this.pathOf(key);
    const stream = createReadStream(path);
    await new Promise<void>((ok, fail) => {
      stream.once('open', () => ok());
      stream.once('error', fail);
    });
    return stream;
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  /** Removes a stored file and the files derived from it; a file already gone is fine. */
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
}

/** The storage of an app: DATA_DIR/files. */
export function filesFolder(dataDir: string): string {
  return join(dataDir, 'files');
}
