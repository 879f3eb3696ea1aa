/**
 * The samples resource's review side in the device's registry (issue 28;
 * sync/store/registry/samples.ts): the commands as the server serves them,
 * Finalizar queued offline with its local effect (the state 'Finalizada'
 * at once, put back when the command is discarded), the review steps and
 * comments refused at once offline with the plain message and nothing
 * queued, and the review fields (set by the server only) never in a
 * sample's write body.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleReviewFieldsShape } from '@sync/contract/samples';
import { discardEntry } from '@sync/engine/entry-actions';
import { SyncError } from '@sync/engine/errors';
import { runCommand, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { samples } from '@sync/store/registry';
import { openTestDb } from '../sync/support';
import { fakeServer, pulledSample, SAMPLE_ID, testEngine } from './fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const offline = { isOnline: () => false };

describe('the commands', () => {
  it.each([
    ['finalize', 'PUT', 'api/sample/{id}/finalize', 'record', false, []],
    ['review', 'PUT', 'api/sample/{id}/review', 'record', true, ['samples']],
    ['comment', 'POST', 'api/sample/{id}/comment', 'none', true, []],
  ])('%s: %s %s, answer %s, online only %s, pulls %j', (name, method, path, answer, online, pulls) => {
    const command = samples.commands[name]!;
    expect({
      method: command.method,
      path: command.path,
      answer: command.answer,
      online: command.online === true,
      pulls: command.pulls ?? [],
    }).toEqual({
      method,
      path,
      answer,
      online,
      pulls,
    });
  });

  it('Finalizar is queued offline and the sample reads Finalizada at once; discarding it puts the server’s state back', async () => {
    const key = await pulledSample(db, { status: 'devolvida' });
    const seq = await runCommand(db, 'samples', key, 'finalize', {}, offline);
    expect((await db.records('samples').get(key))!.status).toBe('finalizada');
    expect(await db.outbox.get(seq)).toMatchObject({ op: 'command', status: 'pending', payload: {} });
    await discardEntry(db, seq);
    expect((await db.records('samples').get(key))!.status).toBe('devolvida');
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['review', { action: 'approve' }],
    ['comment', { text: 'Confira a jornada.' }],
  ])('%s offline: refused at once with the plain message, nothing queued or changed', async (name, body) => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const error = await runCommand(db, 'samples', key, name, body, offline).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncError);
    expect((error as SyncError).message).toBe('Esta ação precisa de conexão com a internet. Conecte-se e tente novamente.');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.records('samples').get(key))!.status).toBe('em_revisao');
  });

  it.each([
    [{ action: 'return' }, 'reason', 'Informe o motivo.'],
    [{ action: 'cancel', reason: '   ' }, 'reason', 'Informe o motivo.'],
    [{ action: 'aprovar' }, 'action', 'Ação inválida'],
  ])('a review body %j is refused before anything is queued', async (body, field, message) => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const error = (await runCommand(db, 'samples', key, 'review', body, { isOnline: () => true }).catch((caught: unknown) => caught)) as SyncError;
    expect(error.code).toBe('validation');
    expect(error.info.fields?.[field]).toContain(message);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("a sample's write body", () => {
  it('carries none of the review fields the server sets, whatever the sample holds', async () => {
    const key = await pulledSample(db, {
      status: 'devolvida',
      revision: 2,
      replaces_id: 40,
      status_reason: 'Falta a foto.',
      finalized_by: 5,
    });
    await saveRecord(db, 'samples', key, { caracterization: { employee: 'João Pereira' }, status: 'aprovada' } as never);
    const server = fakeServer((request) => (request.method === 'PUT' ? { status: 409, body: { message: 'recusado' } } : undefined));
    await testEngine(db, server.fetch).drain();
    const put = server.sent.find((request) => request.method === 'PUT' && request.path === `api/sample/${SAMPLE_ID}`)!;
    expect(put.body).toMatchObject({ caracterization: { employee: 'João Pereira' } });
    for (const field of Object.keys(sampleReviewFieldsShape)) expect(put.body, field).not.toHaveProperty(field);
  });
});
