/**
 * The push's order between record writes and uploads (issue 26,
 * sync/engine/push-order.ts), as tables: which ready chain heads a round
 * takes, when an uploads round stops handing out uploads, what counts as
 * an upload; then whole pushes against a fake server, each a row of what
 * the outbox holds and the order the calls must reach the server in.
 */
import { describe, expect, it } from 'vitest';
import { runCommand } from '@sync/engine/commands';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { isUpload, mayClaimMore, nextPushRound, UPLOAD_ROUND_MS } from '@sync/engine/push-order';
import type { SyncDatabase } from '@sync/store/database';
import { createDefaultRegistry } from '@sync/store/registry';
import type { OutboxEntry } from '@sync/store/types';
import { AT } from '../features/server-records';
import { fakeServer, pulledSample, testEngine, wireSample, type Sent } from '../samples/fixtures';
import { useTestDb } from './support';

const registry = createDefaultRegistry();

describe('isUpload: does the entry send a file’s bytes?', () => {
  it.each<[string, Pick<OutboxEntry, 'op' | 'resource'>, boolean]>([
    ['a photo’s create', { op: 'create', resource: 'sample_files' }, true],
    ['a customer file’s create', { op: 'create', resource: 'customer_files' }, true],
    ['a photo’s delete (JSON)', { op: 'delete', resource: 'sample_files' }, false],
    ['a sample’s create', { op: 'create', resource: 'samples' }, false],
    ['a sample’s update', { op: 'update', resource: 'samples' }, false],
    ['a command', { op: 'command', resource: 'samples' }, false],
  ])('%s → %s', (_what, entry, expected) => {
    expect(isUpload(registry, entry)).toBe(expected);
  });
});

describe('nextPushRound: writes before uploads', () => {
  // Heads as letters: W a record write (create, update, delete, command), U an upload.
  const upload = (head: string) => head.startsWith('U');
  it.each<[string, string[], { stage: string; entries: string[] } | null]>([
    ['nothing ready', [], null],
    ['writes only: all of them', ['W1', 'W2', 'W3'], { stage: 'writes', entries: ['W1', 'W2', 'W3'] }],
    ['uploads only: all of them', ['U1', 'U2'], { stage: 'uploads', entries: ['U1', 'U2'] }],
    [
      'a sample’s update, its two photos, the next sample’s: the updates, oldest first',
      ['W1', 'U1', 'U2', 'W2', 'U3', 'U4'],
      { stage: 'writes', entries: ['W1', 'W2'] },
    ],
    ['uploads made before a write: the write first', ['U1', 'U2', 'W1'], { stage: 'writes', entries: ['W1'] }],
  ])('%s', (_what, ready, expected) => {
    expect(nextPushRound(ready, upload)).toEqual(expected);
  });
});

describe('mayClaimMore: how much a round hands out', () => {
  it.each<[string, 'writes' | 'uploads', number, number, number, boolean]>([
    ['a writes round, however long', 'writes', 100, 4, 60_000, true],
    ['an uploads round, a worker without one', 'uploads', 3, 4, 60_000, true],
    ['an uploads round, every worker has one, early', 'uploads', 4, 4, UPLOAD_ROUND_MS - 1, true],
    ['an uploads round, every worker has one, past its time', 'uploads', 4, 4, UPLOAD_ROUND_MS, false],
    ['an uploads round of one worker, past its time', 'uploads', 1, 1, UPLOAD_ROUND_MS + 1, false],
  ])('%s → %s', (_what, stage, claimed, workers, elapsed, expected) => {
    expect(mayClaimMore(stage, claimed, workers, elapsed)).toBe(expected);
  });
});

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const jpeg = (index: number) => ({
  blob: new Blob([new Uint8Array([0xff, 0xd8, index])], { type: 'image/jpeg' }),
  fileName: `foto-${index}.jpg`,
  type: 'image/jpeg',
});

async function photo(sampleKey: string, index: number): Promise<void> {
  await saveRecords(db, [{ resource: 'sample_files', key: null, fields: { name: `foto-${index}.jpg`, sample_key: sampleKey }, file: jpeg(index) }]);
}

/** The fake server: samples updated and created, photos and Finalizar accepted; every call recorded. */
function server() {
  let nextFile = 0;
  let nextSample = 90;
  return fakeServer((request) => {
    const put = /^api\/sample\/(\d+)$/.exec(request.path);
    if (request.method === 'PUT' && put) return { status: 200, body: wireSample({ id: Number(put[1]) }) };
    if (request.method === 'POST' && request.path === 'api/sample') {
      nextSample += 1;
      return { status: 201, body: wireSample({ id: nextSample, sample_no: nextSample }) };
    }
    const file = /^api\/sample\/(\d+)\/file$/.exec(request.path);
    if (request.method === 'POST' && file) {
      nextFile += 1;
      const body = { id: nextFile, sample_id: Number(file[1]), file_id: 100 + nextFile, name: `foto-${nextFile}.jpg` };
      const wire = { ...body, file_name: body.name, url: `api/file/${body.file_id}`, type: 'image/jpeg', size: 3 };
      return { status: 201, body: { ...wire, sha256: 'a'.repeat(64), created_at: AT, updated_at: AT } };
    }
    const finalize = /^api\/sample\/(\d+)\/finalize$/.exec(request.path);
    if (request.method === 'PUT' && finalize) return { status: 200, body: wireSample({ id: Number(finalize[1]), status: 'em_revisao' }) };
    return undefined;
  });
}

/** A call as the table names it: an upload (`photo of 41`) or a write (`PUT 41`, `create`, `finalize 41`). */
function named(request: Sent): string {
  const file = /^api\/sample\/(\d+)\/file$/.exec(request.path);
  if (file) return `photo of ${file[1]}`;
  const finalize = /^api\/sample\/(\d+)\/finalize$/.exec(request.path);
  if (finalize) return `finalize ${finalize[1]}`;
  if (request.path === 'api/sample') return 'create';
  return `${request.method} ${request.path.replace('api/sample/', '')}`;
}

interface Row {
  what: string;
  /** Fills the outbox, in the order a technician would. */
  make: () => Promise<void>;
  /** The calls, in the order they must reach the server; calls in one inner list may come in any order among themselves. */
  order: string[][];
}

const rows: Row[] = [
  {
    what: 'three samples, each edited then photographed twice: the three updates, then the six photos',
    make: async () => {
      for (const id of [41, 42, 43]) {
        const key = await pulledSample(db, { id, sample_no: id });
        await saveRecord(db, 'samples', key, { agent_name: `Ruído ${id}` });
        await photo(key, id * 10 + 1);
        await photo(key, id * 10 + 2);
      }
    },
    order: [
      ['PUT 41', 'PUT 42', 'PUT 43'],
      ['photo of 41', 'photo of 41', 'photo of 42', 'photo of 42', 'photo of 43', 'photo of 43'],
    ],
  },
  {
    what: 'photos taken before the edit of another sample: that edit still goes first',
    make: async () => {
      const first = await pulledSample(db, { id: 41, sample_no: 41 });
      await photo(first, 1);
      await photo(first, 2);
      const second = await pulledSample(db, { id: 42, sample_no: 42 });
      await saveRecord(db, 'samples', second, { agent_name: 'Ruído 42' });
    },
    order: [['PUT 42'], ['photo of 41', 'photo of 41']],
  },
  {
    what: 'a sample made offline with a photo: the create, then its photo (it needs the server id)',
    make: async () => {
      const [key] = await saveRecords(db, [
        {
          resource: 'samples',
          key: null,
          fields: { ...wireSample({ id: 1 }), id: undefined, files: undefined, type: undefined },
        },
      ]);
      await photo(key!, 1);
    },
    order: [['create'], ['photo of 91']],
  },
  {
    what: 'Finalizar after a photo, and another sample’s edit: the edit, the photo, then Finalizar (it waits for its photos)',
    make: async () => {
      const finalized = await pulledSample(db, { id: 41, sample_no: 41 });
      await photo(finalized, 1);
      await runCommand(db, 'samples', finalized, 'finalize', {});
      const edited = await pulledSample(db, { id: 42, sample_no: 42 });
      await saveRecord(db, 'samples', edited, { agent_name: 'Ruído 42' });
    },
    order: [['PUT 42'], ['photo of 41'], ['finalize 41']],
  },
];

describe('a push sends every record write before any upload', () => {
  it.each(rows)('$what', async ({ make, order }) => {
    await make();
    const fake = server();
    // Four workers and one write per request: the uploads would go beside the writes if the order let them.
    const engine = testEngine(db, fake.fetch, undefined, { concurrency: 4, pushBatchSize: 1 });
    await engine.drain();

    const calls = fake.sent.filter((request) => request.method !== 'GET').map(named);
    const stages = order.map((stage) => [...stage].sort());
    const seen: string[][] = [];
    let at = 0;
    for (const stage of stages) {
      seen.push([...calls.slice(at, at + stage.length)].sort());
      at += stage.length;
    }
    expect(seen).toEqual(stages);
    expect(calls).toHaveLength(at);
    expect(await db.outbox.count()).toBe(0);
  });
});
