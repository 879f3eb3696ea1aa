/**
 * The device id (sync/engine/device-id.ts; issue 28's 'from which device'):
 * made once per local store and kept in its meta, sent as DEVICE_HEADER on
 * every request of the sync client — pulls, a write pushed alone or in a
 * batch, a command, an online write, a download — the same after a reload,
 * another on another store. Asked by several tabs at once, still one id.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_HEADER } from '@sync/contract/samples';
import { DEVICE_ID_META, deviceIdOf } from '@sync/engine/device-id';
import { runCommand, saveRecord } from '@sync/engine/mutations';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { readMeta } from '@sync/store/meta';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine, wireSample } from '../unit/samples/fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = new SyncDatabase(`device-id-${newKey()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const OTHER_ID = SAMPLE_ID + 1;
const answerOf = (path: string) => {
  const id = Number(/api\/sample\/(\d+)/.exec(path)?.[1]);
  return wireSample({ id, status: path.endsWith('/finalize') ? 'em_revisao' : 'rascunho', updated_at: new Date().toISOString() });
};

/** Answers the samples' writes and commands, alone or in a batch, as the server would (the sample); the rest as the fixtures do. */
function sampleServer() {
  return fakeServer((request) => {
    if (request.path === 'api/sync/batch') {
      const { requests } = request.body as { requests: Array<{ path: string }> };
      return { status: 200, body: { responses: requests.map((item) => ({ status: 200, body: answerOf(item.path) })) } };
    }
    if (/^api\/sample\/\d+(\/finalize)?$/.test(request.path)) return { status: 200, body: answerOf(request.path) };
    if (request.path === 'api/settings') return { status: 200, body: { options: [] } };
    return undefined;
  });
}

describe('the device id', () => {
  it('goes with every request of the sync client: pulls, writes in a batch, a command, an online write, a download', async () => {
    const key = await pulledSample(db);
    const other = await pulledSample(db, { id: OTHER_ID, sample_no: 4 });
    await saveRecord(db, 'samples', key, { caracterization: { employee: 'João' } });
    await saveRecord(db, 'samples', other, { caracterization: { employee: 'Ana' } });
    await runCommand(db, 'samples', key, 'finalize', {}, { isOnline: () => false });
    const server = sampleServer();
    // One worker: the two samples' writes travel together in one batch call.
    const engine = testEngine(db, server.fetch, undefined, { concurrency: 1 });
    await engine.drain();
    await engine.writes.send({ method: 'PUT', path: 'api/settings', body: { options: [] }, pulls: [] });
    await engine.files.download(`api/sample/${SAMPLE_ID}/history`).catch(() => undefined);

    const id = await readMeta<string>(db, DEVICE_ID_META);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const kinds = new Set(server.sent.map((request) => `${request.method} ${request.path.replace(/\d+/g, 'N')}`));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'POST api/sync/batch',
        'PUT api/sample/N/finalize',
        'PUT api/settings',
        'GET api/sample/N/history',
        'GET api/sample/all/N/N',
      ]),
    );
    expect(await db.outbox.count()).toBe(0);
    for (const request of server.sent) expect(request.headers[DEVICE_HEADER], `${request.method} ${request.path}`).toBe(id);
  });

  it('is the same after a reload and another on another store', async () => {
    const first = fakeServer();
    await testEngine(db, first.fetch).syncNow();
    const id = first.sent[0]!.headers[DEVICE_HEADER];
    expect(id).toBeTruthy();

    db.close();
    const reopened = new SyncDatabase(db.name);
    const again = fakeServer();
    await testEngine(reopened, again.fetch).syncNow();
    expect(new Set(again.sent.map((request) => request.headers[DEVICE_HEADER]))).toEqual(new Set([id]));
    reopened.close();
    db = new SyncDatabase(db.name);

    const other = new SyncDatabase(`device-id-${newKey()}`);
    const elsewhere = fakeServer();
    await testEngine(other, elsewhere.fetch).syncNow();
    expect(elsewhere.sent[0]!.headers[DEVICE_HEADER]).not.toBe(id);
    other.close();
    await other.delete();
  });

  it('is made once when several tabs ask at once', async () => {
    const tab = new SyncDatabase(db.name);
    const ids = await Promise.all([deviceIdOf(db), deviceIdOf(db), deviceIdOf(tab), deviceIdOf(tab)]);
    tab.close();
    expect(new Set(ids).size).toBe(1);
    expect(await readMeta<string>(db, DEVICE_ID_META)).toBe(ids[0]);
  });
});
