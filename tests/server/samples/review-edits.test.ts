/**
 * Saves after Finalizar on the real server (PGlite, loopback; issue 28):
 * an offline edit that arrives after the sample was finalized is refused
 * 409 with the reason and no `current` (whatever If-Match it carries), also
 * as a plan-slot create and as a multipart save; while the laboratory is
 * awaited only its fields change; a reviewer's correction in review is
 * logged with before and after and the device it came from; deletes only
 * of drafts; photos only of drafts and returned samples.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES as M, type Sample, type SampleEvent } from '@sync/contract/samples';
import { samples } from '@server/db/schema';
import { ok } from '../catalog/support';
import { multipartBody } from '../customers/support';
import { call, startTestApp, type TestApp } from '../helpers/test-app';
import { THREE_RESULTS } from '../../unit/contract/support/chemical-figure-cases';
import { plannedNoiseSample } from './support';
import {
  draftSample,
  finalize,
  fromDevice,
  review,
  reviewWorld,
  sampleBody,
  sampleIn,
  smallJpeg,
  uploadPhoto,
  type ReviewWorld,
  type Who,
} from './review-support';

let t: TestApp;
let world: ReviewWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
});
afterAll(() => t?.close());

const read = async (id: number): Promise<Sample> => ok(await world.as.admin.get(`/api/sample/${id}`));
const historyOf = async (id: number): Promise<SampleEvent[]> => ok(await world.as.admin.get(`/api/sample/${id}/history`));
const edits = async (id: number) => (await historyOf(id)).filter((event) => event.kind === 'edit');

function withSerial(world: ReviewWorld, serial: string) {
  const body = sampleBody(world, 'noise');
  return { ...body, memory_field: { ...body.memory_field, instrument_serie: serial } };
}

describe('an edit that reaches the server after Finalizar', () => {
  it('is refused 409 with the reason and no current, even with the If-Match the device saw before', async () => {
    const draft = await draftSample(world);
    ok(await finalize(world.as.technician, draft.id));
    const before = await read(draft.id);
    for (const headers of [undefined, { 'if-match': draft.updated_at }]) {
      for (const method of ['put', 'post'] as const) {
        const reply = await world.as.technician[method](`/api/sample/${draft.id}`, withSerial(world, 'OUTRO'), headers);
        expect(reply.status).toBe(409);
        expect(reply.body).toEqual({ message: M.alreadyFinalized });
      }
    }
    expect(await read(draft.id)).toEqual(before);
    expect(await edits(draft.id)).toEqual([]);
  });

  it.each([
    ['aprovada', 'reviewer'],
    ['emitida', 'reviewer'],
    ['cancelada', 'reviewer'],
    ['substituida', 'reviewer'],
    ['em_revisao', 'admin'],
  ] as const)('in %s, a save by the %s is refused too', async (state, who) => {
    const sample = await sampleIn(world, state);
    const reply = await world.as[who as Who].put(`/api/sample/${sample.id}`, withSerial(world, 'OUTRO'));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: M.alreadyFinalized });
  });

  it('as a create that lands on its plan slot (a device that made the plan offline) is refused the same way', async () => {
    const planned = await plannedNoiseSample(world.as.admin, world.customerId);
    const slot = { quotation_id: planned.quotation_id, quotation_row_id: planned.quotation_row_id, plan_unit: planned.plan_unit };
    ok(await world.as.technician.put(`/api/sample/${planned.id}`, { ...sampleBody(world, 'noise'), ...slot }));
    ok(await finalize(world.as.technician, planned.id));
    const offline = await world.as.technician.post('/api/sample', { ...withSerial(world, 'OFFLINE'), ...slot });
    expect(offline.status).toBe(409);
    expect(offline.body).toEqual({ message: M.alreadyFinalized });
  });

  it('as a multipart save with photos is refused and keeps no bytes', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    const { body, contentType } = multipartBody([
      { name: 'data', value: JSON.stringify(sampleBody(world, 'noise')) },
      { name: 'files[]', filename: 'frente.jpg', type: 'image/jpeg', data: await smallJpeg() },
    ]);
    const reply = await call(t, 'POST', `/api/sample/${sample.id}`, {
      token: world.tokens.reviewer,
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: M.alreadyFinalized });
    expect((await read(sample.id)).files).toEqual([]);
  });
});

describe('waiting for the laboratory', () => {
  const labBody = (changes: Record<string, string>, memoryChange?: Record<string, string>) => {
    const body = sampleBody(world, 'chemical');
    const agents = (body.memory_field as { agents: Array<Record<string, unknown>> }).agents;
    return {
      ...body,
      memory_field: memoryChange
        ? { ...body.memory_field, agents: agents.map((row, i) => (i === 0 ? { ...row, ...memoryChange } : row)) }
        : body.memory_field,
      result: { agents: THREE_RESULTS.map((row, i) => (i === 0 ? { ...row, ...changes } : row)) },
    };
  };

  it('the office enters result, LQ and the report number; the figures follow; the edit is logged', async () => {
    const sample = await sampleIn(world, 'aguardando_laboratorio');
    expect((sample.result as { agents: Array<{ risk_level: string }> }).agents[0]!.risk_level).toBe('risk4');
    const reply = await world.as.reviewer.put(
      `/api/sample/${sample.id}`,
      labBody({ result: '2', lab_report: 'LAB-778/2026' }),
      fromDevice('escritorio-1'),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const row = (reply.body as Sample).result as { agents: Array<Record<string, string>> };
    expect(row.agents[0]).toMatchObject({ result: '2', lab_report: 'LAB-778/2026' });
    expect(row.agents[0]!.risk_level).not.toBe('risk4');
    const [edit] = await edits(sample.id);
    expect(edit!.device).toBe('escritorio-1 (Chrome, Android)');
    expect(edit!.changes).toEqual(
      expect.arrayContaining([
        { path: 'result.agents.0.result', label: 'Resultado — Resultado 1 — Resultado', before: '20', after: '2' },
        { path: 'result.agents.0.lab_report', label: 'Resultado — Resultado 1 — Nº do laudo do laboratório', before: '', after: 'LAB-778/2026' },
        expect.objectContaining({ path: 'result.agents.0.risk_level', before: 'risk4' }),
      ]),
    );
  });

  it.each([
    ['a field measurement', () => labBody({ result: '3' }, { pump_flow: '2,00' })],
    ['the unit of a result', () => labBody({ unity: 'mg/m³' })],
    ['an agent row removed', () => ({ ...labBody({}), result: { agents: THREE_RESULTS.slice(0, 2) } })],
  ])('anything else (%s) is refused 409 and changes nothing', async (_, body) => {
    const sample = await sampleIn(world, 'aguardando_laboratorio');
    const reply = await world.as.reviewer.put(`/api/sample/${sample.id}`, body());
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: M.labFieldsOnly });
    expect(await read(sample.id)).toEqual(sample);
  });

  it('figures the body carries are not the laboratory’s to set: the server computes them', async () => {
    const sample = await sampleIn(world, 'aguardando_laboratorio');
    const body = labBody({ risk_level: 'risk1', conclusion: 'Inventado' });
    const reply = await world.as.reviewer.put(`/api/sample/${sample.id}`, body);
    expect(reply.status).toBe(200);
    expect(((reply.body as Sample).result as { agents: Array<Record<string, string>> }).agents[0]).toMatchObject({ risk_level: 'risk4' });
  });
});

describe('in review', () => {
  it('a reviewer corrects a field; the edit is logged with before, after, label and device', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    const reply = await world.as.reviewer.put(`/api/sample/${sample.id}`, withSerial(world, 'DX-200'), fromDevice('mesa-da-rita'));
    expect(reply.status).toBe(200);
    expect((reply.body as Sample).memory_field).toMatchObject({ instrument_serie: 'DX-200' });
    expect(await edits(sample.id)).toEqual([
      expect.objectContaining({
        kind: 'edit',
        user_id: world.ids.reviewer,
        user_name: 'Rita Revisora',
        device: 'mesa-da-rita (Chrome, Android)',
        changes: [
          { path: 'memory_field.instrument_serie', label: 'Memória de campo — Instrumento — Número de série', before: 'DX-100', after: 'DX-200' },
        ],
      }),
    ]);
  });

  it('a technician without council may not', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    const reply = await world.as.technician.put(`/api/sample/${sample.id}`, withSerial(world, 'DX-200'));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: M.alreadyFinalized });
  });

  it('a device id that is not a plain id is not stored; the agent summary still is', async () => {
    const sample = await sampleIn(world, 'em_revisao');
    ok(await world.as.reviewer.put(`/api/sample/${sample.id}`, withSerial(world, 'DX-300'), fromDevice('<script>alert(1)</script>')));
    expect((await edits(sample.id))[0]!.device).toBe('Chrome, Android');
  });
});

describe('a returned sample', () => {
  it('is edited freely, each save logged; a draft never finalized is not logged', async () => {
    const returned = await sampleIn(world, 'devolvida');
    ok(await world.as.technician.put(`/api/sample/${returned.id}`, withSerial(world, 'DX-101')));
    expect((await edits(returned.id)).map((e) => e.changes.map((c) => c.path))).toEqual([['memory_field.instrument_serie']]);
    const draft = await draftSample(world);
    ok(await world.as.technician.put(`/api/sample/${draft.id}`, withSerial(world, 'DX-101')));
    expect(await historyOf(draft.id)).toEqual([]);
  });
});

describe('deleting', () => {
  it.each(['em_revisao', 'devolvida', 'aprovada', 'cancelada'] as const)(
    'a sample in %s is refused 409, even by the administrator',
    async (state) => {
      const sample = await sampleIn(world, state);
      const reply = await world.as.admin.del(`/api/sample/${sample.id}`);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ message: M.deleteOnlyDraft });
      expect(await t.db.select({ id: samples.id }).from(samples).where(eq(samples.id, sample.id))).toHaveLength(1);
    },
  );

  it('a draft is deleted', async () => {
    const draft = await draftSample(world);
    expect((await world.as.technician.del(`/api/sample/${draft.id}`)).status).toBe(204);
  });
});

describe('photos', () => {
  it('are added and removed on a draft and on a returned sample', async () => {
    for (const sample of [await draftSample(world), await sampleIn(world, 'devolvida')]) {
      const photo = await uploadPhoto(world, 'technician', sample.id);
      expect(photo.status, JSON.stringify(photo.body)).toBe(201);
      expect((await world.as.technician.del(`/api/sample/file/${photo.body.id}`)).status).toBe(204);
    }
  });

  it('are refused after Finalizar (the laboratory’s reason while it is awaited), and kept when a removal is refused', async () => {
    const draft = await draftSample(world);
    const kept = ok(await uploadPhoto(world, 'technician', draft.id), 201);
    ok(await finalize(world.as.technician, draft.id));
    const added = await uploadPhoto(world, 'reviewer', draft.id);
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ message: M.alreadyFinalized });
    const removed = await world.as.reviewer.del(`/api/sample/file/${kept.id}`);
    expect(removed.status).toBe(409);
    expect((await read(draft.id)).files.map((f) => f.id)).toEqual([kept.id]);

    const lab = await sampleIn(world, 'aguardando_laboratorio');
    const labPhoto = await uploadPhoto(world, 'reviewer', lab.id);
    expect(labPhoto.status).toBe(409);
    expect(labPhoto.body).toEqual({ message: M.labFieldsOnly });
  });

  it('taken before Finalizar stay with the sample through its approval', async () => {
    const draft = await draftSample(world);
    ok(await uploadPhoto(world, 'technician', draft.id), 201);
    ok(await finalize(world.as.technician, draft.id));
    const approved = ok(await review(world.as.reviewer, draft.id, 'approve'));
    expect(approved.files).toHaveLength(1);
  });
});
