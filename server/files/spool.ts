/**
 * Bytes from a stream to a new file on this machine, counted and hashed on
 * the way, and the clean-up of such files a crash left behind. Both file
 * stores receive through here: the folder renames the file into place, the
 * object store uploads it once every byte is in and checked.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const PARTIAL_SUFFIX = '.part';
/** A `.part` file older than this belongs to no running upload. */
const STALE_PARTIAL_MS = 60 * 60_000;

/** Writes `source` to `path` (which must not exist, mode 0640); on failure the file is removed. */
export async function spoolToFile(source: Readable, path: string): Promise<{ size: number; sha256: string }> {
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
    await pipeline(source, meter, createWriteStream(path, { flags: 'wx', mode: 0o640 }));
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Removes the folder's `.part` files older than an hour (a running upload's are younger). */
export async function removeStalePartials(folder: string, now: number): Promise<void> {
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_PARTIAL_MS) await unlink(path).catch(() => undefined);
  }
}
