/**
 * Each server process's mark of life in the database, so another process
 * can tell an idempotency key left "running" by a process that died (kill
 * -9, a crash, a power cut of its machine) from one whose request is still
 * running elsewhere (docs/decisions/crash-replays.md).
 *
 * The mark is a session advisory lock (LIVENESS_LOCK_SPACE, owner), owner
 * being a random number the process draws at start, held on a connection
 * of its own (PostgreSQL: a client outside the pool, so it lives as long as
 * the process; PGlite: its only session). The database drops it when that
 * connection ends: a killed process's socket is closed by its kernel at
 * once, and PGlite's session ends with its process. A machine that vanishes
 * keeps its connection open until TCP gives up; the 60-second lease of
 * idempotency-store.ts still frees its keys.
 *
 * If the connection breaks while the process lives (PostgreSQL restarted),
 * the mark is taken again on a new connection; meanwhile other processes
 * may take this process's running keys over, and the kept answer of its
 * write then finds the key no longer its own and rolls the write back
 * (idempotent-answer.ts), so a write still runs once.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from '../db/client';
import { pgliteOf } from '../db/pglite-prepared';

/** First key of the advisory locks that mark live server processes (the second is the owner number). */
export const LIVENESS_LOCK_SPACE = 1_212_763_979;
const RECONNECT_MS = 1_000;

export type Liveness = {
  /** This process's owner number, written on the keys it claims. */
  owner: number;
  /** Drops the mark (a graceful stop); a crash drops it with the connection. */
  release(): Promise<void>;
};

type Rows<T> = { rows: T[] };

const tryLock = (owner: number) => `select pg_try_advisory_lock(${LIVENESS_LOCK_SPACE}, ${owner}) as held`;
const unlock = (owner: number) => `select pg_advisory_unlock(${LIVENESS_LOCK_SPACE}, ${owner})`;

/** Draws owner numbers until one is free (another live process holding the same number is a 1 in 2^31 chance). */
async function takeMark(query: (text: string) => Promise<Rows<{ held: boolean }>>, owner?: number): Promise<number> {
  for (;;) {
    const candidate = owner ?? randomInt(1, 2 ** 31 - 1);
    const { rows } = await query(tryLock(candidate));
    if (rows[0]?.held) return candidate;
    if (owner !== undefined) throw new Error(`the liveness mark ${owner} is held by another connection`);
  }
}

/** On PostgreSQL: a connection of its own, outside the pool, taken again if it breaks. */
async function markOnPostgres(pool: pg.Pool): Promise<Liveness> {
  let released = false;
  let client: pg.Client;
  let owner = 0;
  const connect = async () => {
    const next = new pg.Client(pool.options as pg.ClientConfig);
    next.on('error', () => undefined); // a broken connection is seen on 'end'
    await next.connect();
    owner = await takeMark((text) => next.query(text), owner === 0 ? undefined : owner);
    client = next;
    next.once('end', () => {
      if (!released) void retake();
    });
  };
  const retake = async () => {
    while (!released) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS).unref());
      try {
        if (!released) await connect();
        return;
      } catch {
        // PostgreSQL still away: try again.
      }
    }
  };
  await connect();
  return {
    get owner() {
      return owner;
    },
    async release() {
      released = true;
      await client.query(unlock(owner)).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Takes this process's mark on the database `db` is opened on. */
export async function holdLiveness(db: Db): Promise<Liveness> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return markOnPostgres(client);
  const pglite = pgliteOf(db);
  if (!pglite) throw new Error('holdLiveness: neither PostgreSQL nor PGlite');
  const owner = await takeMark((text) => pglite.query<{ held: boolean }>(text));
  return {
    owner,
    async release() {
      if (!pglite.closed) await pglite.query(unlock(owner));
    },
  };
}

/** Whether the process that marked itself `owner` is still alive (its mark is held). */
export async function isOwnerAlive(db: Db | Tx, owner: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (
      select 1 from pg_locks
       where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
         and classid = ${LIVENESS_LOCK_SPACE} and objid = ${owner} and objsubid = 2 and granted
    ) as alive`)) as unknown as Rows<{ alive: boolean }>;
  return result.rows[0]?.alive === true;
}
