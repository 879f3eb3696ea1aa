/**
 * Fills a server's database with the scale bench's rows straight through
 * SQL (100,000 creates through the API would take most of an hour): agents
 * as support/agents.ts makes them and customers as support/customers.ts
 * does, one second apart in `created_at`, in statements of a few thousand
 * rows (arrays unnested). The same statements on PGlite (its folder, the
 * server stopped) and on PostgreSQL (the server running).
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '@server/db/pglite-extensions';
import { slugify } from '@server/lib/slug';
import { agentInput } from './agents';
import { customerRow } from './customers';

type Exec = (text: string, params: unknown[]) => Promise<unknown>;

const BATCH = 5000;
const FIRST_CREATED = Date.parse('2026-01-01T00:00:00.000Z');
const at = (index: number) => new Date(FIRST_CREATED + index * 1000).toISOString();

const INSERT_AGENTS = `insert into products (name, slug, price, type_id, code, cas, display_name, method, created_at, updated_at)
  select name, slug, price, type_id, code, cas, display_name, method, at, at
  from unnest($1::text[], $2::text[], $3::numeric[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
    as u(name, slug, price, type_id, code, cas, display_name, method, at)`;

const INSERT_CUSTOMERS = `insert into customers (name, type, document, email, phone, created_at, updated_at)
  select name, type, document, email, phone, at, at
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) as u(name, type, document, email, phone, at)`;

async function seedRows(exec: Exec, rows: number, withCustomers = true): Promise<void> {
  for (let start = 0; start < rows; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => start + i);
    const agents = indexes.map((i) => agentInput(i, 's'));
    await exec(INSERT_AGENTS, [
      agents.map((a) => a.name),
      agents.map((a) => slugify(a.name)),
      agents.map((a) => a.price),
      agents.map((a) => a.type_id),
      agents.map((a) => a.code),
      agents.map((a) => a.cas),
      agents.map((a) => a.display_name),
      agents.map((a) => a.method),
      indexes.map(at),
    ]);
    if (!withCustomers) continue;
    const customers = indexes.map(customerRow);
    await exec(INSERT_CUSTOMERS, [
      customers.map((c) => c.name),
      customers.map((c) => c.type),
      customers.map((c) => c.document),
      customers.map((c) => c.email),
      customers.map((c) => c.phone),
      indexes.map(at),
    ]);
  }
}

/**
 * Into the PGlite database of a data folder no server holds, then VACUUM: what the server's upkeep
 * (server/sync/pglite-vacuum.ts) does within ten minutes. `vacuum` false: as the server before it
 * left its database (no upkeep then). `customers` false: the agents alone (part weak-link).
 */
export async function seedPgliteFolder(dataDir: string, rows: number, vacuum: boolean, { customers = true } = {}): Promise<void> {
  const client = new PGlite(join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  try {
    await seedRows((text, params) => client.query(text, params), rows, customers);
    if (vacuum) await client.exec('vacuum');
  } finally {
    await client.close();
  }
}

/**
 * Into a PostgreSQL database, then VACUUM ANALYZE: what autovacuum does to a table that grew
 * (statistics for the planner, the visibility map for index-only scans) a minute later.
 */
export async function seedPostgres(url: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedRows((text, params) => client.query(text, params), rows);
    await client.query('vacuum analyze products');
    await client.query('vacuum analyze customers');
  } finally {
    await client.end();
  }
}
