/**
 * One process per embedded database folder. PGlite takes no lock of its own,
 * and two processes writing one folder corrupt it silently (issue 25: a
 * `seed:demo` beside a running server "succeeded", then the server answered
 * 500). Every opener of a PGlite folder takes this lock first: a file next to
 * the folder (`DATA_DIR/db.lock`) naming the process that holds it. A second
 * opener stops at once with `DataFolderInUseError`, whose message says who
 * holds it and what to do; a lock left by a process that is gone is taken
 * over. The lock is the process's, not a connection's: taken again in the
 * same process it is counted, and it goes away with the process (normal
 * exit, process.exit, SIGINT, SIGTERM, SIGHUP). docs/decisions/data-folder-lock.md
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, linkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, relative } from 'node:path';

/** What the lock file holds (JSON). */
export type LockHolder = {
  pid: number;
  /** How the holder was started, for the message: `npm start (server/main.ts)`. */
  command: string;
  host: string;
  started_at: string;
  /** Linux: the kernel's boot and the process's start tick, so a pid reused after a crash or a reboot is not taken for the holder. */
  boot?: string;
  process_start?: string;
  /** This acquisition's own mark, so a release never removes another process's lock. */
  token: string;
};

export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(inUseMessage(folder, lockFile, holder));
  }
}

export type DataFolderLock = {
  lockFile: string;
  /** The holder whose stale lock this acquisition replaced (it had ended without releasing it). */
  tookOverFrom: LockHolder | undefined;
  release(): void;
};

/** The lock of a PGlite folder sits beside it, so the database folder holds only PGlite's files. */
export function lockFileOf(pgliteFolder: string): string {
  return `${pgliteFolder.replace(/[\\/]+$/, '')}.lock`;
}

/** A lock file whose content cannot be read is taken as a holder still writing it for this long, then as stale. */
const UNREADABLE_GRACE_MS = 10_000;

type Held = { token: string; count: number };
const held = new Map<string, Held>();

/**
 * Takes the lock of a PGlite folder for this process, or throws
 * DataFolderInUseError naming the live holder. Synchronous, so nothing of
 * the folder is touched before it is decided.
 */
export function acquireDataFolderLock(pgliteFolder: string, command = describeCommand()): DataFolderLock {
  const lockFile = lockFileOf(pgliteFolder);
  const mine = held.get(lockFile);
  if (mine) {
    mine.count += 1;
    return { lockFile, tookOverFrom: undefined, release: once(() => releaseOne(lockFile)) };
  }
  const { boot, process_start } = processIdentity('self');
  const me: LockHolder = {
    pid: process.pid,
    command,
    host: hostname(),
    started_at: new Date().toISOString(),
    boot,
    process_start,
    token: randomUUID(),
  };
  let tookOverFrom: LockHolder | undefined;
  // A few rounds: a stale lock removed by another starting process between our read and our takeover sends us round again.
  for (let round = 0; round < 5; round += 1) {
    if (createExclusive(lockFile, `${JSON.stringify(me, null, 2)}\n`)) {
      held.set(lockFile, { token: me.token, count: 1 });
      releaseWithTheProcess();
      return { lockFile, tookOverFrom, release: once(() => releaseOne(lockFile)) };
    }
    const raw = readOrUndefined(lockFile);
    if (raw === undefined) continue;
    const holder = parseHolder(raw);
    if (holder ? holderIsAlive(holder) : youngerThan(lockFile, UNREADABLE_GRACE_MS)) {
      throw new DataFolderInUseError(pgliteFolder, lockFile, holder);
    }
    tookOverFrom = holder;
    takeOverStale(lockFile, raw);
  }
  throw new DataFolderInUseError(pgliteFolder, lockFile, undefined);
}

function inUseMessage(folder: string, lockFile: string, holder: LockHolder | undefined): string {
  if (!holder) {
    return [
      `A pasta do banco de dados ${folder} está em uso por outro processo (a trava ${lockFile} acaba de ser criada ou não pôde ser lida).`,
      'O banco embutido (PGlite) aceita um processo por vez: pare o servidor ou o comando que usa esta pasta e rode este comando de novo.',
      `Se nenhum estiver rodando, apague o arquivo ${lockFile}.`,
    ].join('\n');
  }
  const where = holder.host === hostname() ? '' : ` na máquina ${holder.host}`;
  return [
    `A pasta do banco de dados ${folder} já está em uso pelo processo ${holder.pid}${where} (${holder.command}), iniciado em ${localDateTime(holder.started_at)}.`,
    `O banco embutido (PGlite) aceita um processo por vez: pare esse processo (Ctrl+C no terminal dele, ou kill ${holder.pid}) e rode este comando de novo.`,
    `Se esse processo não estiver mais rodando, apague o arquivo ${lockFile}.`,
  ].join('\n');
}

/** DD/MM/YYYY HH:mm in this machine's time, as the operator reads the clock. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** `npm run seed:demo (server/db/seed-demo.ts)`: npm names the script it runs; the file says which program. */
function describeCommand(): string {
  const entry = process.argv[1];
  const script = entry ? (isAbsolute(entry) && !relative(process.cwd(), entry).startsWith('..') ? relative(process.cwd(), entry) : entry) : 'node';
  const npmScript = process.env.npm_lifecycle_event;
  if (!npmScript) return `node ${script}`;
  return `${npmScript === 'start' ? 'npm start' : `npm run ${npmScript}`} (${script})`;
}

/** O_EXCL: of two processes creating the file at once, exactly one succeeds. */
function createExclusive(lockFile: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseHolder(raw: string): LockHolder | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.command !== 'string' || typeof value.host !== 'string') return undefined;
    return value as LockHolder;
  } catch {
    return undefined;
  }
}

function youngerThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < ms;
  } catch {
    return false;
  }
}

/**
 * Whether the holder may still be running. Another machine's process cannot
 * be checked, so it is taken as alive; here, a pid that no longer exists, is
 * a zombie, or now belongs to a process started at another moment or before
 * a reboot (a restarted container's pid 1), is stale.
 */
function holderIsAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists, under another user.
  }
  const now = processIdentity(holder.pid);
  if (now.state === 'Z') return false;
  if (holder.boot && now.boot && holder.boot !== now.boot) return false;
  if (holder.process_start && now.process_start && holder.process_start !== now.process_start) return false;
  return true;
}

/** Linux's boot id, a process's state and start tick (fields 3 and 22 of /proc/<pid>/stat); empty elsewhere. */
function processIdentity(pid: number | 'self'): { boot?: string; process_start?: string; state?: string } {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { boot, state: fields[0], process_start: fields[19] };
  } catch {
    return {};
  }
}

/**
 * Moves the stale lock aside under a name of our own, so of two processes
 * taking it over only one moves it; if what was moved is no longer the
 * stale lock (another process took it over first), it is put back.
 */
function takeOverStale(lockFile: string, staleRaw: string): void {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleRaw) {
      try {
        linkSync(aside, lockFile);
      } catch {
        // A third process holds it by now; the next round reads who.
      }
    }
  } finally {
    unlinkSync(aside);
  }
}

function releaseOne(lockFile: string): void {
  const mine = held.get(lockFile);
  if (!mine) return;
  mine.count -= 1;
  if (mine.count > 0) return;
  held.delete(lockFile);
  removeIfMine(lockFile, mine.token);
}

function removeIfMine(lockFile: string, token: string): void {
  const raw = readOrUndefined(lockFile);
  if (raw === undefined || parseHolder(raw)?.token !== token) return;
  try {
    unlinkSync(lockFile);
  } catch {
    // Already gone.
  }
}

function releaseAll(): void {
  for (const [lockFile, mine] of held) removeIfMine(lockFile, mine.token);
  held.clear();
}

let hooked = false;

/**
 * 'exit' covers a normal end and process.exit. A signal with no other
 * listener would end the process without 'exit': then the lock is released
 * here and the signal raised again, so the process ends as it would have.
 * When the command handles the signal itself (the server closes its
 * database first), the lock waits for that command's process.exit.
 */
function releaseWithTheProcess(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', releaseAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      releaseAll();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
