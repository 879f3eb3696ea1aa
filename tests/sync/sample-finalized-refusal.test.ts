/**
 * An offline edit that reaches the server after the sample was finalized
 * (issue 28): the server refuses it with 409 'Amostra já finalizada: peça a
 * devolução' and no `current` record. The engine keeps the entry, failed
 * with that message, and the edit on the device: never merged, never
 * dropped, listed on the Sincronização page with the reason (the real
 * refusal is the server's tests'; here a server that answers it, so no
 * server is needed). The later changes of the sample wait behind it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES } from '@sync/contract/samples';
import { saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine } from '../unit/samples/fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = new SyncDatabase(`finalized-refusal-${newKey()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('an edit refused because the sample was finalized', () => {
  it('stays on the device, failed with the server’s reason, shown on the sync page; nothing merged, nothing sent again', async () => {
    const key = await pulledSample(db, { status: 'rascunho' });
    await saveRecord(db, 'samples', key, { caracterization: { employee: 'João Pereira' } });
    const server = fakeServer((request) =>
      request.method === 'PUT' && request.path === `api/sample/${SAMPLE_ID}`
        ? { status: 409, body: { message: SAMPLE_REVIEW_MESSAGES.alreadyFinalized } }
        : undefined,
    );
    const engine = testEngine(db, server.fetch);
    await engine.drain();

    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'update',
      status: 'failed',
      error: { code: 'validation', message: 'Amostra já finalizada: peça a devolução', status: 409 },
    });
    expect((await db.records('samples').get(key))!).toMatchObject({ employee: 'João Pereira', caracterization: { employee: 'João Pereira' } });
    const [change] = await readPendingChanges(db);
    expect(change).toMatchObject({ status: 'failed', error: { message: 'Amostra já finalizada: peça a devolução' } });

    // Not sent again on the next run: it waits for the user (retry once returned, or discard).
    const puts = () => server.sent.filter((request) => request.method === 'PUT').length;
    const before = puts();
    await engine.drain();
    expect(puts()).toBe(before);
  });
});
