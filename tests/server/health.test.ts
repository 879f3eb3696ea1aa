/**
 * GET api/health and GET api/ready on the real app (issue 25): both answer
 * without a token and say nothing but their status; ready answers 503
 * `{ status: 'indisponivel' }` when the file store cannot take a file,
 * when the PDF workers cannot start, and when the database is closed, and
 * 200 again once the cause is gone. The probes leave no log line of their
 * own; a change of readiness leaves one.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesFolder } from '@server/files/storage';
import { createPdfPool } from '@server/pdf/pdf-pool';
import { usePdfPool } from '@server/pdf/pdf-worker';
import { HEALTH_PATHS } from '@server/routes/health';
import { call, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ logLines });
});
afterAll(async () => {
  await t?.close();
  rmSync(t.config.dataDir, { recursive: true, force: true });
});

const OK = { status: 'ok' };
const UNAVAILABLE = { status: 'indisponivel' };

/** The file store's folder replaced by a plain file: nothing can be written in it (a read-only folder would not stop root, who runs CI). */
function breakFileStore(): () => void {
  const folder = filesFolder(t.config.dataDir);
  rmSync(folder, { recursive: true, force: true });
  writeFileSync(folder, 'não é uma pasta');
  return () => {
    rmSync(folder, { force: true });
    mkdirSync(folder);
  };
}

/** A pool that is closed: it can render nothing, as when its workers cannot start. */
function breakPdfWorkers(): () => void {
  const pool = createPdfPool();
  void pool.close();
  return usePdfPool(pool);
}

describe('GET api/health and api/ready', () => {
  it('answer { status: "ok" } without a token, and nothing else', async () => {
    for (const path of [HEALTH_PATHS.health, HEALTH_PATHS.ready]) {
      const reply = await call(t, 'GET', path);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toEqual(OK);
    }
  });

  it.each([
    ['the file store cannot take a file', breakFileStore, 'files'],
    ['the PDF workers cannot render', breakPdfWorkers, 'pdf'],
  ])('ready answers 503 while %s, and 200 again after; health stays 200', async (_case, breakIt, check) => {
    logLines.length = 0;
    const repair = breakIt();
    try {
      for (let probe = 0; probe < 3; probe += 1) {
        const ready = await call(t, 'GET', HEALTH_PATHS.ready);
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual(UNAVAILABLE);
      }
      expect((await call(t, 'GET', HEALTH_PATHS.health)).body).toEqual(OK);
    } finally {
      repair();
    }
    const ready = await call(t, 'GET', HEALTH_PATHS.ready);
    expect([ready.status, ready.body]).toEqual([200, OK]);
    // One line when it went down (naming the check, for the operator), one when it came back; none per probe.
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; failed?: string });
    expect(lines.map((line) => [line.level, line.msg, line.failed])).toEqual([
      [40, 'servidor indisponível (GET /api/ready)', check],
      [30, 'servidor disponível de novo (GET /api/ready)', undefined],
    ]);
  });

  it('the file check leaves nothing in the file store', async () => {
    await call(t, 'GET', HEALTH_PATHS.ready);
    expect(readdirSync(filesFolder(t.config.dataDir))).toEqual([]);
  });

  it('ready answers 503 once the database is closed; health still 200', async () => {
    await t.database.close();
    const ready = await call(t, 'GET', HEALTH_PATHS.ready);
    expect([ready.status, ready.body]).toEqual([503, UNAVAILABLE]);
    const health = await call(t, 'GET', HEALTH_PATHS.health);
    expect([health.status, health.body]).toEqual([200, OK]);
  });
});
