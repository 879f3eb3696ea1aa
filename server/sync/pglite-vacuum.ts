/**
 * The upkeep PostgreSQL's autovacuum does and PGlite does not (it runs no
 * background workers): a VACUUM of the embedded database every ten
 * minutes, when something was written since the last one (the write
 * counter of migration 0012 moved).
 *
 * Why: a page deep in a list walks the order index (`OFFSET`), and without
 * the visibility map VACUUM keeps, every entry walked is checked against
 * its row: skip 50,000 of 100,000 agents took 60–80 ms, 17 ms after a
 * VACUUM. It also merges the trigram indexes' pending lists into the
 * indexes. The first VACUUM of a large database takes about half a second
 * (PGlite runs one statement at a time, so requests wait meanwhile); the
 * later ones only visit what changed. Not at the start: a restart would
 * make requests wait for it, and ten minutes is soon enough. No ANALYZE: the searches choose
 * their reading by counting (server/sync/search-page.ts), not by
 * statistics, and fresh statistics could change other plans under a
 * running server.
 */
import { sql } from 'drizzle-orm';
import type { AppPlugin } from '../app-context';
import type { Db } from '../db/client';
import { pgliteOf } from '../db/pglite-prepared';
import { writeVersion } from './list-total';

export const VACUUM_EVERY_MS = 10 * 60_000;

type Log = { error(obj: object, message: string): void };

/** Starts the upkeep on a PGlite database (nothing on PostgreSQL); `stop` ends it. `every`: the delays (tests shorten them). */
export function startPgliteVacuum(db: Db, log: Log, every = { firstMs: VACUUM_EVERY_MS, thenMs: VACUUM_EVERY_MS }): { stop(): void } {
  if (!pgliteOf(db)) return { stop() {} };
  let vacuumedAt: string | null = null;
  const vacuum = async () => {
    const version = await writeVersion(db);
    if (version === vacuumedAt) return;
    await db.execute(sql`vacuum`);
    vacuumedAt = version;
  };
  const run = () => void vacuum().catch((err: unknown) => log.error({ err }, 'pglite vacuum failed'));
  let repeat: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    repeat = setInterval(run, every.thenMs);
    repeat.unref();
  }, every.firstMs);
  first.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(repeat);
    },
  };
}

/** The upkeep for the app's database, ended when the app closes. */
export const pgliteVacuumPlugin: AppPlugin = {
  name: 'pglite-vacuum',
  install(app, ctx) {
    const upkeep = startPgliteVacuum(ctx.db, app.log);
    app.addHook('onClose', async () => upkeep.stop());
  },
};
