/**
 * Reads a backup archive (archive-format.ts) in one pass, checking it as it
 * goes: the manifest first, the tables in the manifest's order with the
 * number of rows it says, every entry's SHA-256 against SHA256SUMS at the
 * end. What to do with each table and file is the caller's (the restore
 * inserts and writes them; the backup's own check only reads them). Any
 * damage ends the read with a BackupError in Portuguese; the caller undoes
 * what it did, since the check of the hashes comes last.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip, type Gunzip } from 'node:zlib';
import { CHECKSUMS_ENTRY, keyOfEntry, type Manifest, MANIFEST_ENTRY, type ManifestTable, manifestSchema, tableOfEntry } from './archive-format';
import { BackupError, RESTORE_MESSAGES } from './messages';
import { readTar, TarFormatError } from './tar';

export type ArchiveVisitor = {
  /** The table's rows as JSON text, one per line, in order; consume them all. */
  table?(table: ManifestTable, lines: AsyncIterable<string>): Promise<void>;
  /** A stored file's bytes; consume them all. */
  file?(key: string, body: AsyncIterable<Buffer>): Promise<void>;
};

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export async function readArchive(path: string, visitor: ArchiveVisitor = {}): Promise<Manifest> {
  const source = gunzipped(path);
  try {
    return await readEntries(path, source, visitor);
  } catch (error) {
    throw asArchiveError(path, error);
  } finally {
    source.destroy();
  }
}

/** Only the manifest: what the archive holds, before a target is opened for it. */
export async function readManifest(path: string): Promise<Manifest> {
  const gunzip = gunzipped(path);
  try {
    for await (const entry of readTar(gunzip)) {
      if (entry.name !== MANIFEST_ENTRY || entry.size > MAX_MANIFEST_BYTES) break;
      return parseManifest(await collect(entry.body()));
    }
    throw new BackupError(RESTORE_MESSAGES.notAnArchive(basename(path), 'não começa pelo manifest.json'));
  } catch (error) {
    throw asArchiveError(path, error);
  } finally {
    gunzip.destroy();
  }
}

async function readEntries(path: string, source: AsyncIterable<Buffer>, visitor: ArchiveVisitor): Promise<Manifest> {
  const name = basename(path);
  const computed = new Map<string, string>();
  const hashing = async function* (entry: string, body: AsyncIterable<Buffer>) {
    const hash = createHash('sha256');
    for await (const chunk of body) {
      hash.update(chunk);
      yield chunk;
    }
    computed.set(entry, hash.digest('hex'));
  };

  let manifest: Manifest | undefined;
  let nextTable = 0;
  let files = 0;
  let checksums: string | undefined;
  for await (const entry of readTar(source)) {
    if (!manifest) {
      if (entry.name !== MANIFEST_ENTRY || entry.size > MAX_MANIFEST_BYTES) {
        throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, 'não começa pelo manifest.json'));
      }
      manifest = parseManifest(await collect(hashing(entry.name, entry.body())));
      continue;
    }
    if (checksums !== undefined) throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `há ${entry.name} depois de ${CHECKSUMS_ENTRY}`));
    const table = tableOfEntry(entry.name);
    const key = keyOfEntry(entry.name);
    if (table !== undefined) {
      const expected = manifest.tables[nextTable];
      if (expected?.name !== table)
        throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `a tabela ${table} está fora da ordem do manifest.json`));
      nextTable += 1;
      let rows = 0;
      const lines = async function* () {
        for await (const line of splitLines(hashing(entry.name, entry.body()))) {
          rows += 1;
          yield line;
        }
      };
      if (visitor.table) await visitor.table(expected, lines());
      else for await (const _ of lines());
      if (rows !== expected.rows) throw new BackupError(RESTORE_MESSAGES.countMismatch(table, expected.rows, rows));
    } else if (key !== undefined) {
      files += 1;
      const body = hashing(entry.name, entry.body());
      if (visitor.file) await visitor.file(key, body);
      else for await (const _ of body);
    } else if (entry.name === CHECKSUMS_ENTRY) {
      checksums = (await collect(entry.body())).toString('utf8');
    } else {
      throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `entrada inesperada ${entry.name}`));
    }
  }
  if (!manifest) throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, 'está vazio'));
  if (checksums === undefined) throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `falta ${CHECKSUMS_ENTRY}: a cópia está incompleta`));
  if (nextTable !== manifest.tables.length) {
    throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `faltam tabelas do manifest.json (${manifest.tables[nextTable]!.name})`));
  }
  if (files !== manifest.files.count)
    throw new BackupError(RESTORE_MESSAGES.notAnArchive(name, `tem ${files} arquivos e o manifest.json diz ${manifest.files.count}`));
  checkSums(checksums, computed);
  return manifest;
}

/** Every entry read is listed with its hash, and every hash matches. */
function checkSums(text: string, computed: Map<string, string>): void {
  const listed = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([a-f0-9]{64}) [ *](.+)$/.exec(line);
    if (match) listed.set(match[2]!, match[1]!);
  }
  for (const [entry, hex] of computed) {
    if (listed.get(entry) !== hex) throw new BackupError(RESTORE_MESSAGES.damaged(entry));
  }
}

function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(RESTORE_MESSAGES.notAnArchive(MANIFEST_ENTRY, 'não é JSON'));
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(RESTORE_MESSAGES.notAnArchive(MANIFEST_ENTRY, 'formato ou versão desconhecidos'));
  return parsed.data;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

/** The archive's bytes ungzipped; a read error (a file gone) ends the stream rather than leaving it waiting. */
function gunzipped(path: string): Gunzip {
  const gunzip = createGunzip();
  const file = createReadStream(path);
  file.on('error', (error) => gunzip.destroy(error));
  return file.pipe(gunzip);
}

/** Lines of UTF-8 text from chunks that may cut a line (or a character) anywhere. */
async function* splitLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of chunks) {
    let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let newline = data.indexOf(10);
    while (newline !== -1) {
      if (newline > 0) yield data.subarray(0, newline).toString('utf8');
      data = data.subarray(newline + 1);
      newline = data.indexOf(10);
    }
    rest = Buffer.from(data);
  }
  if (rest.length > 0) yield rest.toString('utf8');
}

/** Damage found by gzip or tar, in the operator's words. */
function asArchiveError(path: string, error: unknown): unknown {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(RESTORE_MESSAGES.notFound(path));
  if (error instanceof TarFormatError) return new BackupError(RESTORE_MESSAGES.notAnArchive(basename(path), 'a estrutura do tar está danificada'));
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BackupError(RESTORE_MESSAGES.notAnArchive(basename(path), 'não é um .tar.gz inteiro: está incompleto ou danificado'));
  }
  return error;
}
