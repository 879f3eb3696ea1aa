/**
 * What a customer-type user sees of a sample (issue 28), on the real server
 * (PGlite, loopback): in every answer (the list, one sample, the pull),
 * Resultado, Classificação and Validação are empty and there is no approval
 * until the sample is approved or issued; the report and the history are
 * refused with the reason; its dashboard counts it and its highest-risk
 * alert reaches them only then. The office always sees everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@sync/contract/dashboard';
import type { StatCard } from '@/domain/dashboard-figures';
import { SAMPLE_REVIEW_MESSAGES as M, type Sample, type SampleState } from '@sync/contract/samples';
import { ok } from '../catalog/support';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { samplePdf } from './support';
import { review, reviewWorld, sampleIn, type ReviewWorld } from './review-support';

let t: TestApp;
let world: ReviewWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
});
afterAll(() => t?.close());

const HIDDEN = { result: {}, risk_classification: {}, validation: {}, approval: null };

/** The sample in each of the customer's answers: the documented list, one sample, and the pull. */
async function customerAnswers(id: number): Promise<Sample[]> {
  const customer = world.as.customer;
  const listed = (ok(await customer.get(`/api/sample/all/0/200?quotation_id=${world.quotationId}`)).list as Sample[]).find((s) => s.id === id)!;
  const one: Sample = ok(await customer.get(`/api/sample/${id}`));
  const pulled = (ok(await customer.get('/api/sample/all/0/500?updated_since=2000-01-01T00:00:00.000Z')).list as Sample[]).find((s) => s.id === id)!;
  return [listed, one, pulled];
}

const STATES: Array<[SampleState, boolean]> = [
  ['rascunho', false],
  ['aguardando_laboratorio', false],
  ['em_revisao', false],
  ['devolvida', false],
  ['cancelada', false],
  ['substituida', false],
  ['aprovada', true],
  ['emitida', true],
];

describe('a customer-type user', () => {
  it.each(STATES)('in %s sees the results: %s', async (state, released) => {
    const sample = await sampleIn(world, state);
    const office: Sample = ok(await world.as.admin.get(`/api/sample/${sample.id}`));
    expect(Object.keys(office.result).length).toBeGreaterThan(0);
    for (const seen of await customerAnswers(sample.id)) {
      expect(seen.status).toBe(state);
      expect(seen.memory_field).toEqual(office.memory_field);
      if (released) {
        expect(seen).toMatchObject({ result: office.result, risk_classification: office.risk_classification, approval: office.approval });
        expect(seen.approval).not.toBeNull();
      } else expect(seen).toMatchObject(HIDDEN);
    }
    const history = await world.as.customer.get(`/api/sample/${sample.id}/history`);
    if (released) expect(history.status).toBe(200);
    else {
      expect(history.status).toBe(403);
      expect(history.body).toEqual({ message: M.resultsHidden });
    }
  });

  it('counts a sample on the dashboard, and hears of its highest risk, only once it is released', async () => {
    const filled = async (who: 'customer' | 'reviewer') =>
      (ok(await world.as[who].get('/api/dashboard/stats')) as StatCard[]).find((card) => card.key === 'samples-filled')!.value;
    const riskAlerts = async (who: 'customer' | 'reviewer', id: number) =>
      (ok(await world.as[who].get('/api/dashboard/alerts/unread')).list as Alert[]).filter(
        (alert) => alert.kind === 'sample-highest-risk' && alert.subject_id === id,
      );
    const before = { customer: await filled('customer'), office: await filled('reviewer') };
    // Dose 8h 128 %: the noise type's highest level.
    const sample = await sampleIn(world, 'em_revisao');
    expect(await filled('reviewer')).toBe(before.office + 1);
    expect(await filled('customer')).toBe(before.customer);
    expect(await riskAlerts('reviewer', sample.id)).toHaveLength(1);
    expect(await riskAlerts('customer', sample.id)).toEqual([]);

    ok(await review(world.as.reviewer, sample.id, 'approve'));
    expect(await filled('customer')).toBe(before.customer + 1);
    expect(await riskAlerts('customer', sample.id)).toHaveLength(1);
    expect(await riskAlerts('reviewer', sample.id)).toHaveLength(1);
  });

  it('is refused the report before approval, and gets it after', async () => {
    const inReview = await sampleIn(world, 'em_revisao');
    const refused = await samplePdf(t, world.tokens.customer, inReview.id);
    expect(refused.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes))).toEqual({ message: M.resultsHidden });
    expect((await samplePdf(t, world.tokens.admin, inReview.id)).status).toBe(200);

    const approved = await sampleIn(world, 'aprovada');
    const report = await samplePdf(t, world.tokens.customer, approved.id);
    expect(report.status).toBe(200);
    expect(report.type).toBe('application/pdf');
  });
});
