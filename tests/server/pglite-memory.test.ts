/**
 * The server's PGlite runs with 16 MB of shared buffers instead of
 * PostgreSQL's 128 MB (issue 26: the buffer pool is resident from the start
 * and was a quarter of the idle server's memory), as a start option: the
 * data folder's own postgresql.conf stays initdb's, so a backup restored
 * elsewhere, or a PGlite opened on the folder by a tool, sees the default.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirectory } from '@server/db/client';

const dataDir = mkdtempSync(join(tmpdir(), 'ho-pglite-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the server's PGlite", () => {
  it('runs with 16 MB of shared buffers, leaving the folder its default', { timeout: 120_000 }, async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(dataDir) });
    try {
      const answer = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> };
      expect(answer.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
    expect(readFileSync(join(pgliteDirectory(dataDir), 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
  });
});
