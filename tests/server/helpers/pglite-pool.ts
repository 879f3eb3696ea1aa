/**
 * PGlite databases reused by the server test files of one worker. Loading a
 * migrated database (./pglite.ts) is the slowest part of a server test
 * file's start, about 2 s of each file on a quiet machine and several on a
 * loaded one (bench/test-suite.md); the server project shares loaded modules
 * between the files of a worker (`isolate: false`), so a database a file has
 * finished with can serve the next one instead.
 *
 * A fresh database is prepared (the caller's migrations and seed, the same
 * for every file) and snapshotted as it then is: a copy of
 * every table of `public` in a schema of its own, and the value of every
 * sequence. Before it is handed out again it is put back exactly so: every
 * table emptied and refilled from its copy (foreign keys are not checked
 * meanwhile: the copy was consistent), every sequence reset. A database
 * whose tables or columns a test changed, or that a test closed, is not
 * reused.
 */
import type { PGlite } from '@electric-sql/pglite';
import { migratedPglite } from './pglite';

const SNAPSHOT_SCHEMA = 'test_pool_snapshot';

interface Snapshot {
  /** Each table with the columns a row can be written to (generated columns are computed again). */
  tables: Array<{ name: string; columns: string }>;
  sequences: Array<{ name: string; last_value: string; is_called: boolean }>;
  /** The shape of `public` when snapshotted: a database whose shape changed is not reused. */
  shape: string;
}

const snapshots = new WeakMap<PGlite, Snapshot>();
const idle: PGlite[] = [];

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function shapeOf(client: PGlite): Promise<string> {
  // The catalog rather than information_schema: the same facts, several times faster on PGlite.
  const { rows } = await client.query<{ shape: string }>(
    `select coalesce(string_agg(c.relname || '.' || a.attname || ':' || a.atttypid::text || a.attgenerated::text, ',' order by c.relname, a.attnum), '') as shape
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
  );
  return rows[0]!.shape;
}

async function takeSnapshot(client: PGlite): Promise<void> {
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      group by c.relname order by c.relname`,
  );
  const { rows: sequenceNames } = await client.query<{ name: string }>(
    `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const sequences: Snapshot['sequences'] = [];
  for (const { name } of sequenceNames) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${quoted(name)}`,
    );
    sequences.push({ name, ...rows[0]! });
  }
  await client.exec(
    [
      `create schema ${SNAPSHOT_SCHEMA}`,
      ...tables.map(({ name }) => `create table ${SNAPSHOT_SCHEMA}.${quoted(name)} as table public.${quoted(name)}`),
    ].join(';\n'),
  );
  snapshots.set(client, { tables, sequences, shape: await shapeOf(client) });
}

/** Puts the database back as it was snapshotted; false when it cannot be (its shape changed). */
async function restoreSnapshot(client: PGlite, snapshot: Snapshot): Promise<boolean> {
  if ((await shapeOf(client)) !== snapshot.shape) return false;
  // DELETE, not TRUNCATE: a truncate makes new files for every table and index, which costs PGlite
  // more than the few rows a test file leaves behind.
  await client.exec(
    [
      'set session_replication_role = replica',
      ...snapshot.tables.map(({ name }) => `delete from public.${quoted(name)}`),
      ...snapshot.tables.map(
        ({ name, columns }) => `insert into public.${quoted(name)} (${columns}) select ${columns} from ${SNAPSHOT_SCHEMA}.${quoted(name)}`,
      ),
      ...snapshot.sequences.map(({ name, last_value, is_called }) => `select setval('public.${quoted(name)}', ${Number(last_value)}, ${is_called})`),
      'set session_replication_role = origin',
    ].join(';\n'),
  );
  return true;
}

/**
 * A migrated database as `prepare` leaves a fresh one: one a finished file gave back, put back
 * as it was, or a fresh one. Every caller must pass the same preparation.
 */
export async function pooledPglite(prepare: (client: PGlite) => Promise<void>): Promise<PGlite> {
  for (let client = idle.pop(); client; client = idle.pop()) {
    const snapshot = snapshots.get(client);
    if (client.closed || !snapshot) continue;
    const restored = await restoreSnapshot(client, snapshot).catch(() => false);
    if (restored) return client;
    await client.close().catch(() => undefined);
  }
  const fresh = await migratedPglite();
  await prepare(fresh);
  await takeSnapshot(fresh);
  return fresh;
}

/** Gives a database back for the next file of this worker (a closed one is dropped). */
export function releasePglite(client: PGlite): void {
  if (!client.closed && snapshots.has(client)) idle.push(client);
}
