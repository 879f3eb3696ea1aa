/**
 * The benchmark's API server, in a process of its own (as in production the
 * server is not on the device: the client's work and the server's do not
 * share one event loop). The real Fastify app of server/app.ts on PGlite in
 * memory, migrated and seeded with the administrator, listening on loopback;
 * it also serves the bench page (DIST_DIR) so the page calls the API from
 * the same origin.
 *
 * Run by server-control.ts with `node --import tsx`; talks over the IPC
 * channel: it sends `{ ready: url }` once listening, then answers commands
 * that the timed parts need done outside the timing:
 * - `reset`: empties the agents (and their lines, idempotency keys, deletion
 *   log), so every timed push starts from the same database state;
 * - `seed-agents`: inserts agents straight into the database (no API).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { runMigrations } from '@server/db/migrate';
import { products } from '@server/db/schema';
import { seedDatabase } from '@server/db/seed';
import { slugify } from '@server/lib/slug';
import { createFileMailer } from '@server/mail/mailer';
import { migratedPglite } from '../../tests/server/helpers/pglite';
import { agentInput } from './agents';
import { BENCH_ADMIN, type ServerCommand } from './server-protocol';

async function main() {
  const distDir = process.env.BENCH_DIST_DIR;
  if (!distDir || !process.send) throw new Error('run through bench/support/server-control.ts');
  const pglite = await migratedPglite();
  const database = await openDatabase({ kind: 'pglite-client', client: pglite });
  await runMigrations(database);
  await seedDatabase(database.db, { adminUsername: BENCH_ADMIN.username, adminPassword: BENCH_ADMIN.password, adminEmail: BENCH_ADMIN.email });
  const dataDir = mkdtempSync(join(tmpdir(), 'ho-bench-server-'));
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ db: database.db, config, mailer: createFileMailer(join(dataDir, 'mail'), config.mailFrom), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');

  async function run(command: ServerCommand): Promise<unknown> {
    if (command.cmd === 'reset') {
      await database.db.execute(sql`truncate product_equipments, products, idempotency_keys, deleted_records restart identity`);
      return null;
    }
    // One millisecond apart, as records written one by one would be; inserted in chunks.
    const start = Date.now() - command.count;
    for (let from = 0; from < command.count; from += 1_000) {
      const rows = [];
      for (let index = from; index < Math.min(command.count, from + 1_000); index += 1) {
        const input = agentInput(index, command.tag);
        const at = new Date(start + index);
        rows.push({ ...input, slug: slugify(input.name), created_at: at, updated_at: at });
      }
      await database.db.insert(products).values(rows);
    }
    return null;
  }

  process.on('message', (message: ServerCommand) => {
    run(message).then(
      (result) => process.send!({ id: message.id, ok: true, result }),
      (error: unknown) => process.send!({ id: message.id, ok: false, error: String(error) }),
    );
  });
  process.on('disconnect', () => {
    // The data folder (mail files) goes too: the run leaves nothing behind.
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  process.send({ ready: `http://127.0.0.1:${address.port}` });
}

main().catch((error: unknown) => {
  console.error('[bench server]', error);
  process.exit(1);
});
