/**
 * PGlite's upkeep (server/sync/pglite-vacuum.ts): it vacuums the embedded
 * database after its first delay, again on its interval only when
 * something was written since, not after it is stopped; and the app
 * installs it with its plugins.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@server/db/schema';
import { appPlugins } from '@server/plugins';
import { pgliteVacuumPlugin, startPgliteVacuum } from '@server/sync/pglite-vacuum';
import { startTestApp, type TestApp } from '../helpers/test-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PGlite upkeep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function vacuums(): Promise<number> {
    const result = (await t.db.execute(sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'products'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return result.rows[0]!.n;
  }

  it('vacuums after its first delay, then only when something was written, and never once stopped', async () => {
    const errors: unknown[] = [];
    const before = await vacuums();
    const upkeep = startPgliteVacuum(t.db, { error: (obj) => errors.push(obj) }, { firstMs: 50, thenMs: 150 });
    try {
      await pause(400);
      expect(await vacuums()).toBe(before + 1); // the first run; the later ticks saw no write
      await t.db.insert(products).values({ name: 'Agente novo', slug: 'agente-novo', price: 1 });
      await pause(400);
      expect(await vacuums()).toBe(before + 2);
    } finally {
      upkeep.stop();
    }
    await t.db.insert(products).values({ name: 'Outro agente', slug: 'outro-agente', price: 1 });
    await pause(400);
    expect(await vacuums()).toBe(before + 2);
    expect(errors).toEqual([]);
  });

  it('is one of the app plugins', () => {
    expect(appPlugins).toContain(pgliteVacuumPlugin);
  });
});
