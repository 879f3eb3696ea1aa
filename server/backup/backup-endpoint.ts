/**
 * How a running server on PGlite is backed up. Its folder is locked to it
 * (one process per PGlite folder, docs/decisions/data-folder-lock.md), so
 * `npm run backup` cannot open the database while it runs: it asks the
 * server instead. The server listens for that, and only that, on a port of
 * its own on 127.0.0.1 (never on the API's address, never behind the
 * reverse proxy), and writes the port and a random secret beside its lock
 * file, `DATA_DIR/db.backup-endpoint.json`, readable only by its owner.
 * `GET /backup` with `Authorization: Bearer <secret>` answers the archive,
 * streamed; one copy at a time. The file goes when the server stops; one
 * left by a killed server names a process that no longer holds the lock,
 * and the command ignores it. docs/decisions/backups.md
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Database } from '../db/client';
import type { FileStore } from '../files/file-store';
import { BACKUP_MESSAGES, BackupError } from './messages';
import { takeSnapshot } from './snapshot';
import { writeArchive } from './write-archive';

export type EndpointFile = { pid: number; port: number; secret: string };

export type BackupEndpoint = {
  port: number;
  /** Stops listening and removes the endpoint file; a copy being sent gets `graceMs` to finish. */
  close(graceMs?: number): Promise<void>;
};

type Log = { info(obj: object, message: string): void; error(obj: object, message: string): void };

export function backupEndpointFile(dataDir: string): string {
  return join(dataDir, 'db.backup-endpoint.json');
}

/** The endpoint file's content, or undefined when there is none (or it cannot be read). */
export function readEndpointFile(dataDir: string): EndpointFile | undefined {
  try {
    const value = JSON.parse(readFileSync(backupEndpointFile(dataDir), 'utf8')) as Partial<EndpointFile>;
    if (!Number.isInteger(value.pid) || !Number.isInteger(value.port) || typeof value.secret !== 'string') return undefined;
    return value as EndpointFile;
  } catch {
    return undefined;
  }
}

export async function startBackupEndpoint(options: { database: Database; dataDir: string; files?: FileStore; log: Log }): Promise<BackupEndpoint> {
  const { database, dataDir, files, log } = options;
  const secret = randomBytes(32).toString('hex');
  let running: Promise<void> | null = null;

  const answer = (response: ServerResponse, status: number, message: string) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    response.end(JSON.stringify({ message }));
  };

  async function serveBackup(response: ServerResponse) {
    const started = Date.now();
    let snapshot: Awaited<ReturnType<typeof takeSnapshot>>;
    try {
      snapshot = await takeSnapshot(database, dataDir, { files });
    } catch (error) {
      log.error({ err: error }, 'cópia de segurança: falhou');
      answer(response, 500, error instanceof BackupError ? error.message : 'erro interno ao ler o banco de dados; veja o registro do servidor.');
      return;
    }
    try {
      response.writeHead(200, { 'content-type': 'application/gzip', connection: 'close' });
      const summary = await writeArchive(snapshot, response);
      log.info({ rows: summary.rows, files: summary.files, ms: Date.now() - started }, 'cópia de segurança enviada');
    } catch (error) {
      // The command sees the answer cut short and says so; no half archive is kept.
      log.error({ err: error }, 'cópia de segurança: envio interrompido');
      response.destroy();
    } finally {
      await snapshot.discard();
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || request.url !== '/backup') return answer(response, 404, 'não encontrado');
    if (!authorized(request.headers.authorization, secret)) return answer(response, 401, 'não autorizado');
    if (running) return answer(response, 409, BACKUP_MESSAGES.busy);
    running = serveBackup(response).finally(() => {
      running = null;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const port = (server.address() as AddressInfo).port;
  writePrivately(backupEndpointFile(dataDir), `${JSON.stringify({ pid: process.pid, port, secret } satisfies EndpointFile)}\n`);

  return {
    port,
    async close(graceMs = 10_000) {
      removeIfMine(dataDir, secret);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
    },
  };
}

function authorized(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Created with mode 0600 before any byte of the secret is in it, then moved into place. */
function writePrivately(path: string, content: string): void {
  const partial = `${path}.${process.pid}.part`;
  try {
    unlinkSync(partial);
  } catch {
    // None left by an earlier start.
  }
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
}

function removeIfMine(dataDir: string, secret: string): void {
  if (readEndpointFile(dataDir)?.secret !== secret) return;
  try {
    unlinkSync(backupEndpointFile(dataDir));
  } catch {
    // Already gone.
  }
}
