/**
 * Figures for docs/decisions/sync-pull-batch.md, run on demand
 * (`PULL_BATCH_FIGURES=1 npx vitest run tests/sync/pull-batch-weak-link.test.ts`):
 * a first sync of the demo data, then of 10,000 more agents, list by list
 * and in batch calls, through a model of the weak link of issue 26 (400
 * kbit/s down, 200 kbit/s up, 400 ms round trip, six connections as a
 * browser keeps per host over HTTP/1.1, answers over 1 kB brotli-compressed
 * at the server's quality). It counts the round trips and the bytes each
 * way and times the sync on that model; the server's own time is real.
 * The bench has no shaped link, so this is the before/after of the change.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '@server/db/schema';
import { seedDemo } from '@server/db/demo';
import { slugify } from '@server/lib/slug';
import type { FetchFunction } from '@sync/engine/transport';
import { agentInput } from '../../bench/support/agents';
import { useSyncServer } from './support/test-bed';

const LINK = { downBytesPerSecond: 400_000 / 8, upBytesPerSecond: 200_000 / 8, roundTripMs: 400, connections: 6, headerBytes: 350 };

const bed = useSyncServer();
const { server } = bed;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Node's fetch behind the modelled link: one queue each way, six connections, a round trip per request. */
function weakLink() {
  let upFreeAt = 0;
  let downFreeAt = 0;
  let free = LINK.connections;
  const waiting: Array<() => void> = [];
  const figures = { requests: 0, upBytes: 0, downBytes: 0, rawDownBytes: 0 };
  const fetch: FetchFunction = async (input, init) => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    free -= 1;
    try {
      const body = typeof init.body === 'string' ? init.body : '';
      const up = LINK.headerBytes + input.length + body.length;
      upFreeAt = Math.max(Date.now(), upFreeAt) + (up / LINK.upBytesPerSecond) * 1000;
      await sleep(upFreeAt - Date.now() + LINK.roundTripMs / 2);
      const response = await globalThis.fetch(input, init);
      const text = await response.text();
      const raw = Buffer.byteLength(text);
      const wire = raw > 1024 ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength : raw;
      const down = LINK.headerBytes + wire;
      await sleep(LINK.roundTripMs / 2);
      downFreeAt = Math.max(Date.now(), downFreeAt) + (down / LINK.downBytesPerSecond) * 1000;
      await sleep(downFreeAt - Date.now());
      figures.requests += 1;
      figures.upBytes += up;
      figures.downBytes += down;
      figures.rawDownBytes += raw;
      return new Response(text, { status: response.status, headers: response.headers });
    } finally {
      free += 1;
      waiting.shift()?.();
    }
  };
  return { fetch, figures };
}

async function firstSync(pullBatch: boolean) {
  const link = weakLink();
  const device = await bed.device({ pullBatch, fetch: link.fetch, timeoutMs: 120_000 }, { drained: false });
  const started = Date.now();
  const run = await device.engine.syncNow();
  const seconds = (Date.now() - started) / 1000;
  expect(run.ok).toBe(true);
  const agents = await device.db.records('products').count();
  return { mode: pullBatch ? 'batch' : 'list by list', seconds, agents, ...link.figures };
}

describe.runIf(process.env.PULL_BATCH_FIGURES)('first sync on the weak link', () => {
  beforeAll(async () => {
    await seedDemo(server.db);
  }, 120_000);

  it('the demo data, then 10,000 more agents: fewer round trips, no slower', async () => {
    const demo = [await firstSync(false), await firstSync(true)];
    const start = Date.now() - 10_000;
    for (let from = 0; from < 10_000; from += 1_000) {
      const rows = [];
      for (let index = from; index < from + 1_000; index += 1) {
        const input = agentInput(index, 'fraca');
        const at = new Date(start + index);
        rows.push({ ...input, slug: slugify(input.name), created_at: at, updated_at: at });
      }
      await server.db.insert(products).values(rows);
    }
    const agents = [await firstSync(false), await firstSync(true)];
    console.table([...demo, ...agents]);
    for (const [before, after] of [demo, agents] as const) {
      expect(after!.agents).toBe(before!.agents);
      expect(after!.requests).toBeLessThan(before!.requests);
    }
    expect(demo[1]!.seconds).toBeLessThan(demo[0]!.seconds);
  }, 600_000);
});
