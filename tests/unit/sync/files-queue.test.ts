/**
 * The upload queue's overall figure (sync/engine/files-queue.ts): the pure
 * sum as a table; then through the store and whole pushes against a fake
 * server: what is queued and how much of an upload on its way has gone,
 * the count of uploads sent growing one by one as their answers are
 * applied, and a new count once the queue is empty, also when its last
 * upload was refused.
 */
import { describe, expect, it } from 'vitest';
import { uploadProgressReporter } from '@sync/engine/files-progress';
import { readUploadQueue, UPLOADS_SENT_ROW, uploadQueueFigure, type QueuedUpload, type UploadsSent } from '@sync/engine/files-queue';
import { saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { AT } from '../features/server-records';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine } from '../samples/fixtures';
import { useTestDb } from './support';

const q = (key: string, bytes: number, image = true): QueuedUpload => ({ key, bytes, image });
const sent = (count: number, bytes: number, others = 0): UploadsSent => ({ count, bytes, others });

describe('uploadQueueFigure', () => {
  it.each<[string, UploadsSent | null, QueuedUpload[], [string, number, number][], ReturnType<typeof uploadQueueFigure>]>([
    ['nothing queued: no figure, whatever was sent', sent(3, 900), [], [], null],
    [
      'three photos queued, none sent yet',
      null,
      [q('a', 100), q('b', 200), q('c', 300)],
      [],
      { sentCount: 0, totalCount: 3, sentBytes: 0, totalBytes: 600, photos: true },
    ],
    ['two sent, one queued', sent(2, 500), [q('c', 300)], [], { sentCount: 2, totalCount: 3, sentBytes: 500, totalBytes: 800, photos: true }],
    [
      'one on its way, half of its body gone: half of its bytes',
      sent(1, 100),
      [q('b', 200), q('c', 300)],
      [['b', 600, 1200]],
      { sentCount: 1, totalCount: 3, sentBytes: 200, totalBytes: 600, photos: true },
    ],
    [
      'progress beyond the body (a stale row) counts the whole file, not more',
      null,
      [q('a', 100)],
      [['a', 2000, 1000]],
      { sentCount: 0, totalCount: 1, sentBytes: 100, totalBytes: 100, photos: true },
    ],
    [
      'progress of an upload no longer queued is left out',
      null,
      [q('a', 100)],
      [['gone', 500, 500]],
      { sentCount: 0, totalCount: 1, sentBytes: 0, totalBytes: 100, photos: true },
    ],
    [
      'a PDF queued: not only photos',
      null,
      [q('a', 100), q('b', 100, false)],
      [],
      { sentCount: 0, totalCount: 2, sentBytes: 0, totalBytes: 200, photos: false },
    ],
    [
      'a PDF already sent: not only photos',
      sent(1, 100, 1),
      [q('a', 100)],
      [],
      { sentCount: 1, totalCount: 2, sentBytes: 100, totalBytes: 200, photos: false },
    ],
  ])('%s', (_what, done, queued, progress, expected) => {
    const rows = new Map(progress.map(([key, loaded, total]) => [key, { loaded, total }]));
    expect(uploadQueueFigure(done, queued, rows)).toEqual(expected);
  });
});

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const SIZES = [1000, 2000, 3000];

async function photos(sampleKey: string, sizes: readonly number[]): Promise<string[]> {
  return saveRecords(
    db,
    sizes.map((size, index) => ({
      resource: 'sample_files' as const,
      key: null,
      fields: { name: `foto-${index}.jpg`, sample_key: sampleKey },
      file: { blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }), fileName: `foto-${index}.jpg`, type: 'image/jpeg' },
    })),
  );
}

const UPLOAD = `api/sample/${SAMPLE_ID}/file`;

function uploaded(id: number) {
  const name = `foto-${id}.jpg`;
  return { id, sample_id: SAMPLE_ID, file_id: 100 + id, name, file_name: name, url: `api/file/${100 + id}`, type: 'image/jpeg', size: 3 };
}

describe('the figure from the store', () => {
  it('counts the queued photos and the part of one on its way', async () => {
    const sample = await pulledSample(db);
    const [first] = await photos(sample, SIZES);
    expect(await readUploadQueue(db)).toEqual({ sentCount: 0, totalCount: 3, sentBytes: 0, totalBytes: 6000, photos: true });

    // A quarter of the first photo's multipart body has gone.
    uploadProgressReporter(db, 'sample_files', first!)(250, 1000);
    await expect.poll(() => readUploadQueue(db)).toMatchObject({ sentCount: 0, sentBytes: 250 });
  });

  it('grows one upload at a time through a push, and starts again once the queue is empty', async () => {
    const sample = await pulledSample(db);
    await photos(sample, SIZES);
    // The figure as the second and third uploads leave: the ones before them counted, bytes and all.
    const seenAtUpload: unknown[] = [];
    let id = 0;
    const server = fakeServer((request) => {
      if (request.method !== 'POST' || request.path !== UPLOAD) return undefined;
      id += 1;
      return { status: 201, body: { ...uploaded(id), sha256: 'a'.repeat(64), created_at: AT, updated_at: AT } };
    });
    const watched = async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && input.endsWith(UPLOAD)) seenAtUpload.push(await readUploadQueue(db));
      return server.fetch(input, init);
    };
    await testEngine(db, watched, undefined, { concurrency: 1 }).drain();

    expect(seenAtUpload).toEqual([
      { sentCount: 0, totalCount: 3, sentBytes: 0, totalBytes: 6000, photos: true },
      { sentCount: 1, totalCount: 3, sentBytes: 1000, totalBytes: 6000, photos: true },
      { sentCount: 2, totalCount: 3, sentBytes: 3000, totalBytes: 6000, photos: true },
    ]);
    expect(await readUploadQueue(db)).toBeNull();
    expect(await db.meta.get(UPLOADS_SENT_ROW)).toBeUndefined();

    // The next photo starts a new count.
    await photos(sample, [500]);
    expect(await readUploadQueue(db)).toEqual({ sentCount: 0, totalCount: 1, sentBytes: 0, totalBytes: 500, photos: true });
  });

  it('starts again after a push whose last upload was refused (it waits for the user, not in the figure)', async () => {
    const sample = await pulledSample(db);
    await photos(sample, [1000, 2000]);
    let calls = 0;
    const server = fakeServer((request) => {
      if (request.method !== 'POST' || request.path !== UPLOAD) return undefined;
      calls += 1;
      if (calls === 2) return { status: 400, body: { message: 'Arquivo inválido.' } };
      return { status: 201, body: { ...uploaded(calls), sha256: 'a'.repeat(64), created_at: AT, updated_at: AT } };
    });
    await testEngine(db, server.fetch, undefined, { concurrency: 1 }).drain();

    expect(await db.outbox.where('status').equals('failed').count()).toBe(1);
    expect(await readUploadQueue(db)).toBeNull();
    expect(await db.meta.get(UPLOADS_SENT_ROW)).toBeUndefined();
    await photos(sample, [500]);
    expect(await readUploadQueue(db)).toMatchObject({ sentCount: 0, totalCount: 1 });
  });
});
