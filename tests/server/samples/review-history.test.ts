/**
 * A sample's history and comments on the real server (PGlite, loopback;
 * issue 28): a whole life (finalized, returned with a reason, corrected,
 * finalized again, approved, issued) reads back oldest first with who, from
 * which device, the reasons and the fields changed; comments are appended
 * and never edited or deleted; the history is read like the sample.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleEvent } from '@sync/contract/samples';
import { HTTP_MESSAGES } from '@server/http/messages';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { api, ok } from '../catalog/support';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { draftSample, finalize, fromDevice, review, reviewWorld, sampleBody, type ReviewWorld } from './review-support';

let t: TestApp;
let world: ReviewWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
});
afterAll(() => t?.close());

const historyOf = async (id: number): Promise<SampleEvent[]> => ok(await world.as.admin.get(`/api/sample/${id}/history`));

describe('the history of a sample', () => {
  it('tells its whole life, oldest first, with who, device, reasons and the fields changed', async () => {
    const sample = await draftSample(world);
    const tablet = fromDevice('tablet-paulo');
    ok(await world.as.technician.put(`/api/sample/${sample.id}/finalize`, {}, tablet));
    ok(await review(world.as.reviewer, sample.id, 'return', 'Falta a série do calibrador.'));
    const body = sampleBody(world, 'noise');
    ok(await world.as.technician.put(`/api/sample/${sample.id}`, { ...body, memory_field: { ...body.memory_field, gauge_serie: 'CY-10' } }, tablet));
    ok(await world.as.technician.post(`/api/sample/${sample.id}/comment`, { text: 'Série corrigida conforme etiqueta.' }, tablet));
    ok(await finalize(world.as.technician, sample.id));
    ok(await review(world.as.reviewer, sample.id, 'approve'));
    ok(await review(world.as.technician, sample.id, 'issue'));

    const events = await historyOf(sample.id);
    expect(events.map((e) => [e.kind, e.action, e.from_state, e.to_state, e.user_name, e.reason])).toEqual([
      ['state', 'finalize', 'rascunho', 'finalizada', 'Paulo Técnico', null],
      ['state', null, 'finalizada', 'em_revisao', 'Paulo Técnico', null],
      ['state', 'return', 'em_revisao', 'devolvida', 'Rita Revisora', 'Falta a série do calibrador.'],
      ['edit', null, null, null, 'Paulo Técnico', null],
      ['comment', null, null, null, 'Paulo Técnico', 'Série corrigida conforme etiqueta.'],
      ['state', 'finalize', 'devolvida', 'finalizada', 'Paulo Técnico', null],
      ['state', null, 'finalizada', 'em_revisao', 'Paulo Técnico', null],
      ['state', 'approve', 'em_revisao', 'aprovada', 'Rita Revisora', null],
      ['state', 'issue', 'aprovada', 'emitida', 'Paulo Técnico', null],
    ]);
    expect(events[0]!.device).toBe('tablet-paulo (Chrome, Android)');
    expect(events[3]!.changes).toEqual([
      { path: 'memory_field.gauge_serie', label: 'Memória de campo — Calibrador — Número de série', before: 'CY-9', after: 'CY-10' },
    ]);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    expect(events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });
});

describe('comments', () => {
  it('are appended (201 with the event) and change nothing of the sample', async () => {
    const sample = await draftSample(world);
    const reply = await world.as.reviewer.post(`/api/sample/${sample.id}/comment`, { text: '  Conferir o horário.  ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      sample_id: sample.id,
      kind: 'comment',
      reason: 'Conferir o horário.',
      user_id: world.ids.reviewer,
      changes: [],
    });
    expect(ok(await world.as.admin.get(`/api/sample/${sample.id}`)).updated_at).toBe(sample.updated_at);
    expect(await historyOf(sample.id)).toEqual([reply.body]);
  });

  it.each([
    ['an empty text', 'reviewer', { text: '   ' }, 400, 'Escreva o comentário.'],
    ['a customer-type user', 'customer', { text: 'Olá' }, 403, HTTP_MESSAGES.customerReadOnly],
    ['a user without the samples module', 'noSamples', { text: 'Olá' }, 403, HTTP_MESSAGES.forbidden],
  ] as const)('are refused for %s', async (_, who, body, status, message) => {
    const sample = await draftSample(world);
    const reply = await world.as[who].post(`/api/sample/${sample.id}/comment`, body);
    expect(reply.status).toBe(status);
    expect(JSON.stringify(reply.body)).toContain(message);
    expect(await historyOf(sample.id)).toEqual([]);
  });

  it('cannot be edited or deleted: no route does it', async () => {
    const sample = await draftSample(world);
    const comment = ok(await world.as.reviewer.post(`/api/sample/${sample.id}/comment`, { text: 'Primeiro.' }));
    for (const [method, path] of [
      ['put', `/api/sample/${sample.id}/comment`],
      ['del', `/api/sample/${sample.id}/comment`],
      ['put', `/api/sample/${sample.id}/history`],
      ['del', `/api/sample/${sample.id}/history`],
    ] as const) {
      const reply = method === 'put' ? await world.as.admin.put(path, { text: 'Outro.' }) : await world.as.admin.del(path);
      expect(reply.status).toBe(404);
    }
    expect(await historyOf(sample.id)).toEqual([comment]);
  });

  it('of an unknown sample are 404', async () => {
    expect((await world.as.reviewer.post('/api/sample/999999/comment', { text: 'Olá' })).status).toBe(404);
    expect((await world.as.reviewer.get('/api/sample/999999/history')).status).toBe(404);
  });
});

describe('who reads the history', () => {
  it('a customer-type user of another customer is refused, even once approved', async () => {
    const other = await insertCustomer(t.db, { name: 'Outra Empresa' });
    const id = await insertUser(t.db, {
      name: 'Outro Cliente',
      username: 'outro',
      email: 'outro@x.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'cliente',
    });
    await linkUserToCustomer(t.db, id, other);
    const stranger = api(t, (await signIn(t, 'outro', 'senha-de-teste-1')).access_token);
    const sample = await draftSample(world);
    ok(await finalize(world.as.technician, sample.id));
    ok(await review(world.as.reviewer, sample.id, 'approve'));
    const reply = await stranger.get(`/api/sample/${sample.id}/history`);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: HTTP_MESSAGES.forbidden });
    expect((await world.as.customer.get(`/api/sample/${sample.id}/history`)).status).toBe(200);
  });
});
