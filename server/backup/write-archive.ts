/**
 * Packs a staged snapshot (snapshot.ts) into the archive of
 * archive-format.ts, streamed through gzip to any writable (a file for the
 * command, the HTTP answer for the running server's backup call), hashing
 * every entry on its way: the hashes close the archive as SHA256SUMS.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { CHECKSUMS_ENTRY, fileEntry, MANIFEST_ENTRY, tableEntry } from './archive-format';
import type { Snapshot } from './snapshot';
import { type TarSource, tarStream } from './tar';

export type ArchiveSummary = {
  rows: number;
  tables: number;
  files: number;
  /** Storage keys whose rows were copied without their bytes (already gone). */
  missing: string[];
  /** Storage keys whose bytes differ from the SHA-256 their row records. */
  changed: string[];
};

export async function writeArchive(snapshot: Snapshot, destination: Writable): Promise<ArchiveSummary> {
  const sums: string[] = [];
  const changed: string[] = [];
  async function* hashed(name: string, body: AsyncIterable<Buffer>, onHash?: (hex: string) => void): AsyncGenerator<Buffer> {
    const hash = createHash('sha256');
    for await (const chunk of body) {
      hash.update(chunk);
      yield chunk;
    }
    const hex = hash.digest('hex');
    sums.push(`${hex}  ${name}\n`);
    onHash?.(hex);
  }
  async function* entries(): AsyncGenerator<TarSource> {
    const manifest = Buffer.from(`${JSON.stringify(snapshot.manifest, null, 2)}\n`);
    yield { name: MANIFEST_ENTRY, size: manifest.length, body: hashed(MANIFEST_ENTRY, toChunks(manifest)) };
    for (const table of snapshot.tables) {
      const name = tableEntry(table.name);
      yield { name, size: (await stat(table.path)).size, body: hashed(name, createReadStream(table.path)) };
    }
    for (const file of snapshot.files) {
      const name = fileEntry(file.key);
      yield {
        name,
        size: file.size,
        body: hashed(name, createReadStream(file.path), (hex) => {
          if (hex !== file.recordedSha256) changed.push(file.key);
        }),
      };
    }
    const checksums = Buffer.from(sums.join(''));
    yield { name: CHECKSUMS_ENTRY, size: checksums.length, body: checksums };
  }
  await pipeline(tarStream(entries(), Date.parse(snapshot.manifest.created_at)), createGzip(), destination);
  return {
    rows: snapshot.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    tables: snapshot.manifest.tables.length,
    files: snapshot.files.length,
    missing: snapshot.manifest.files.missing,
    changed,
  };
}

async function* toChunks(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}
