/**
 * Every review transition × role on the real server (PGlite, loopback;
 * issue 28): each case brings a sample to its state the way people do, asks
 * for the action as one caller, and checks the answer (status and the exact
 * Portuguese message), the state the sample is left in, its reason and the
 * history event. Refusals change nothing. Then Finalizar as the outbox
 * command: idempotent by its key, a second one refused without `current`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES as M, type ReviewAction, type Sample, type SampleEvent, type SampleState } from '@sync/contract/samples';
import { options, samples } from '@server/db/schema';
import { HTTP_MESSAGES } from '@server/http/messages';
import { REPLAYED_HEADER } from '@server/sync/idempotency-plugin';
import { SELF_APPROVAL_OPTION } from '@server/routes/samples/review-actor';
import { ok } from '../catalog/support';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { draftSample, finalize, review, reviewWorld, sampleIn, stateOf, type ReviewWorld, type Who } from './review-support';

let t: TestApp;
let world: ReviewWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
});
afterAll(() => t?.close());

type Case = {
  action: ReviewAction;
  from: SampleState;
  who: Who;
  type?: 'noise' | 'chemical';
  reason?: string;
  /** Allowed: the state it ends in. Refused: status and message. */
  to?: SampleState;
  status?: number;
  message?: string;
};

const REASON = 'Falta a foto do posto.';

const CASES: Case[] = [
  // Finalizar: any user with the samples module, from a draft or a returned sample.
  { action: 'finalize', from: 'rascunho', who: 'technician', to: 'em_revisao' },
  { action: 'finalize', from: 'rascunho', who: 'technician', type: 'chemical', to: 'aguardando_laboratorio' },
  { action: 'finalize', from: 'devolvida', who: 'technician', to: 'em_revisao' },
  { action: 'finalize', from: 'rascunho', who: 'reviewer', to: 'em_revisao' },
  { action: 'finalize', from: 'em_revisao', who: 'technician', status: 409, message: M.wrongState('finalize', 'em_revisao') },
  { action: 'finalize', from: 'aprovada', who: 'reviewer', status: 409, message: M.wrongState('finalize', 'aprovada') },
  { action: 'finalize', from: 'rascunho', who: 'customer', status: 403, message: HTTP_MESSAGES.customerReadOnly },
  { action: 'finalize', from: 'rascunho', who: 'noSamples', status: 403, message: HTTP_MESSAGES.forbidden },
  // Concluir laboratório: anyone with the module, only while waiting for the laboratory.
  { action: 'lab_done', from: 'aguardando_laboratorio', who: 'technician', to: 'em_revisao' },
  { action: 'lab_done', from: 'em_revisao', who: 'technician', status: 409, message: M.wrongState('lab_done', 'em_revisao') },
  // Devolver: a reviewer, with a reason.
  { action: 'return', from: 'em_revisao', who: 'reviewer', reason: REASON, to: 'devolvida' },
  { action: 'return', from: 'aguardando_laboratorio', who: 'reviewer', reason: REASON, to: 'devolvida' },
  { action: 'return', from: 'finalizada', who: 'reviewer', reason: REASON, to: 'devolvida' },
  { action: 'return', from: 'em_revisao', who: 'technician', reason: REASON, status: 403, message: M.councilRequired },
  { action: 'return', from: 'em_revisao', who: 'admin', reason: REASON, status: 403, message: M.councilRequired },
  { action: 'return', from: 'em_revisao', who: 'reviewer', status: 400, message: M.reasonRequired },
  { action: 'return', from: 'aprovada', who: 'reviewer', reason: REASON, status: 409, message: M.wrongState('return', 'aprovada') },
  { action: 'return', from: 'em_revisao', who: 'customer', reason: REASON, status: 403, message: HTTP_MESSAGES.customerReadOnly },
  // Aprovar: a reviewer other than who finalized (the technician finalized these).
  { action: 'approve', from: 'em_revisao', who: 'reviewer', to: 'aprovada' },
  { action: 'approve', from: 'em_revisao', who: 'technician', status: 403, message: M.councilRequired },
  { action: 'approve', from: 'rascunho', who: 'reviewer', status: 409, message: M.wrongState('approve', 'rascunho') },
  { action: 'approve', from: 'aguardando_laboratorio', who: 'reviewer', status: 409, message: M.wrongState('approve', 'aguardando_laboratorio') },
  { action: 'approve', from: 'em_revisao', who: 'noSamples', status: 403, message: HTTP_MESSAGES.forbidden },
  // Emitir: anyone with the module, once approved.
  { action: 'issue', from: 'aprovada', who: 'technician', to: 'emitida' },
  { action: 'issue', from: 'em_revisao', who: 'technician', status: 409, message: M.wrongState('issue', 'em_revisao') },
  // Cancelar: a reviewer, with a reason, before approval.
  { action: 'cancel', from: 'rascunho', who: 'reviewer', reason: 'Amostragem perdida.', to: 'cancelada' },
  { action: 'cancel', from: 'em_revisao', who: 'reviewer', reason: 'Amostragem perdida.', to: 'cancelada' },
  { action: 'cancel', from: 'devolvida', who: 'reviewer', reason: 'Amostragem perdida.', to: 'cancelada' },
  { action: 'cancel', from: 'em_revisao', who: 'technician', reason: 'Amostragem perdida.', status: 403, message: M.councilRequired },
  { action: 'cancel', from: 'aprovada', who: 'reviewer', reason: 'Tarde demais.', status: 409, message: M.wrongState('cancel', 'aprovada') },
  { action: 'cancel', from: 'cancelada', who: 'reviewer', reason: 'De novo.', status: 409, message: M.wrongState('cancel', 'cancelada') },
  // Invalidar: a reviewer, with a reason, once approved or issued.
  { action: 'invalidate', from: 'aprovada', who: 'reviewer', reason: 'Erro de digitação.', to: 'substituida' },
  { action: 'invalidate', from: 'emitida', who: 'reviewer2', reason: 'Erro de digitação.', to: 'substituida' },
  { action: 'invalidate', from: 'aprovada', who: 'technician', reason: 'Erro.', status: 403, message: M.councilRequired },
  { action: 'invalidate', from: 'em_revisao', who: 'reviewer', reason: 'Erro.', status: 409, message: M.wrongState('invalidate', 'em_revisao') },
  { action: 'invalidate', from: 'substituida', who: 'reviewer', reason: 'Erro.', status: 409, message: M.wrongState('invalidate', 'substituida') },
];

async function call(c: Case, id: number) {
  const who = world.as[c.who];
  return c.action === 'finalize' ? finalize(who, id) : review(who, id, c.action, c.reason);
}

async function historyOf(id: number): Promise<SampleEvent[]> {
  return ok(await world.as.admin.get(`/api/sample/${id}/history`));
}

describe('every transition × role', () => {
  it.each(CASES.map((c) => [`${c.action} from ${c.from} by ${c.who}${c.type ? ` (${c.type})` : ''}`, c] as const))('%s', async (_, c) => {
    const sample = await sampleIn(world, c.from, c.type);
    const before = await historyOf(sample.id);
    const reply = await call(c, sample.id);
    if (c.to) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const answer = reply.body as Sample;
      expect(answer.status).toBe(c.to);
      expect(await stateOf(world, sample.id)).toBe(c.to);
      expect(answer.status_reason).toBe(c.reason ?? null);
      expect(new Date(answer.updated_at).getTime()).toBeGreaterThan(new Date(sample.updated_at).getTime());
      const added = (await historyOf(sample.id)).slice(before.length);
      const own = added.filter((event) => event.action === c.action);
      expect(own).toEqual([expect.objectContaining({ kind: 'state', from_state: c.from, user_id: world.ids[c.who], reason: c.reason ?? null })]);
    } else {
      expect(reply.status, JSON.stringify(reply.body)).toBe(c.status);
      expect(reply.body).toEqual(c.status === 400 ? expect.objectContaining({ message: expect.any(String) }) : { message: c.message });
      if (c.status === 400) expect(JSON.stringify(reply.body)).toContain(c.message);
      expect(await stateOf(world, sample.id)).toBe(c.from);
      expect(await historyOf(sample.id)).toEqual(before);
    }
  });
});

describe('approving one’s own finalized sample', () => {
  it('is refused by default and allowed when the setting is on', async () => {
    const mine = await draftSample(world);
    ok(await finalize(world.as.reviewer, mine.id));
    const refused = await review(world.as.reviewer, mine.id, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: M.selfApproval });
    // Another reviewer may.
    const other = await draftSample(world);
    ok(await finalize(world.as.reviewer, other.id));
    expect((await review(world.as.reviewer2, other.id, 'approve')).body.status).toBe('aprovada');

    await t.db
      .insert(options)
      .values({ option: SELF_APPROVAL_OPTION, value: '1' })
      .onConflictDoUpdate({ target: options.option, set: { value: '1' } });
    const allowed = await review(world.as.reviewer, mine.id, 'approve');
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.approval).toMatchObject({ approver_name: 'Rita Revisora', council: 'CREA 123456/SP' });
    await t.db.update(options).set({ value: '' }).where(eq(options.option, SELF_APPROVAL_OPTION));
  });
});

describe('Finalizar, the outbox command', () => {
  it('records finalizada then the next state, sets who finalized, and answers the record', async () => {
    const sample = await draftSample(world);
    const reply = await finalize(world.as.technician, sample.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: sample.id, status: 'em_revisao', finalized_by: world.ids.technician, status_reason: null });
    const events = await historyOf(sample.id);
    expect(events.map((e) => [e.action, e.from_state, e.to_state])).toEqual([
      ['finalize', 'rascunho', 'finalizada'],
      [null, 'finalizada', 'em_revisao'],
    ]);
    const [row] = await t.db.select({ at: samples.finalized_at }).from(samples).where(eq(samples.id, sample.id));
    expect(row!.at).not.toBeNull();
  });

  it('is idempotent by its key: a replay answers the stored answer and changes nothing more', async () => {
    const sample = await draftSample(world);
    const key = { 'idempotency-key': `finalizar-${sample.id}` };
    const first = await finalize(world.as.technician, sample.id, key);
    const again = await finalize(world.as.technician, sample.id, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await historyOf(sample.id)).toHaveLength(2);
  });

  it('a second Finalizar with another key is refused 409 with the reason only (no current: not a conflict)', async () => {
    const sample = await draftSample(world);
    ok(await finalize(world.as.technician, sample.id, { 'idempotency-key': 'um' }));
    const second = await finalize(world.as.technician, sample.id, { 'idempotency-key': 'dois' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: M.wrongState('finalize', 'em_revisao') });
    expect(await historyOf(sample.id)).toHaveLength(2);
  });

  it('a returned sample keeps the reason until it is finalized again', async () => {
    const sample = await sampleIn(world, 'devolvida');
    expect(sample.status_reason).toBe('Falta a foto do posto.');
    const again = await finalize(world.as.technician, sample.id);
    expect(again.body).toMatchObject({ status: 'em_revisao', status_reason: null });
  });
});

describe('a review action with If-Match', () => {
  it('on a sample changed since answers 409 with the current record and moves nothing', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    const stale = await world.as.reviewer.put(`/api/sample/${sample.id}/review`, { action: 'approve' }, { 'if-match': '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: sample.id, status: 'em_revisao' });
    const fresh = await world.as.reviewer.put(`/api/sample/${sample.id}/review`, { action: 'approve' }, { 'if-match': sample.updated_at });
    expect(fresh.body.status).toBe('aprovada');
  });

  it('an unknown sample is 404', async () => {
    const reply = await review(world.as.reviewer, 999_999, 'approve');
    expect(reply.status).toBe(404);
  });
});
