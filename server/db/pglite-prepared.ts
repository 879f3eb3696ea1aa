/**
 * Statements prepared at the SQL level on PGlite (`PREPARE` once, then
 * `EXECUTE`): its driver sends every query as an unnamed statement, so the
 * PostgreSQL inside it parses and plans each call again. On PostgreSQL,
 * drizzle's named `.prepare()` does the same through node-postgres, per
 * connection. Only integer arguments, written into the EXECUTE as digits
 * after a check (an EXECUTE's arguments cannot be bound parameters).
 */
import { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/** The PGlite client under a drizzle database, or null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** Per client, the statements prepared (or being prepared) on it. */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Runs the statement `text()` (whose parameters $1..$n are all integers) prepared as
 * `name` on this client, preparing it on first use (`text` is called then only);
 * answers the rows as arrays (column order).
 */
export async function executePrepared(client: PGlite, name: string, text: () => string, args: readonly number[]): Promise<unknown[][]> {
  if (!NAME.test(name)) throw new Error(`invalid statement name: ${name}`);
  for (const arg of args) if (!Number.isSafeInteger(arg)) throw new Error(`not an integer argument: ${arg}`);
  let statements = preparedOn.get(client);
  if (!statements) {
    statements = new Map();
    preparedOn.set(client, statements);
  }
  let ready = statements.get(name);
  if (!ready) {
    const types = args.map(() => 'bigint').join(', ');
    ready = client.exec(`prepare ${name}(${types}) as ${text()}`).then(() => undefined);
    statements.set(name, ready);
    // A failed PREPARE is tried again by the next call.
    ready.catch(() => statements!.delete(name));
  }
  await ready;
  const result = await client.query<unknown[]>(`execute ${name}(${args.map(String).join(', ')})`, [], { rowMode: 'array' });
  return result.rows;
}
