/**
 * Shared steps of the review and approval server tests (issue 28): a cast
 * of callers (a technician without council, an office reviewer with one, a
 * second reviewer, a customer-type user of the sample's customer, a user
 * without the samples module, the administrator), an approved quotation of
 * that customer, filled noise and chemical samples with the instruments of
 * the equipment table, and the review calls.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEVICE_HEADER, type Sample, type ReviewAction, type SampleState } from '@sync/contract/samples';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { samples, users } from '@server/db/schema';
import { api, ok, roleWith, TYPE_IDS, type Api } from '../catalog/support';
import sharp from 'sharp';
import { multipartBody } from '../customers/support';
import { ADMIN, call, signIn, type Reply, type TestApp } from '../helpers/test-app';
import { createQuotation } from '../quotations/support';
import { NOISE_FIGURE_CASES } from '../../unit/contract/support/figure-cases';
import { THREE_AGENTS, THREE_RESULTS } from '../../unit/contract/support/chemical-figure-cases';

const PASSWORD = 'senha-de-teste-1';

export type Who = 'technician' | 'reviewer' | 'reviewer2' | 'customer' | 'noSamples' | 'admin';

export interface ReviewWorld {
  t: TestApp;
  as: Record<Who, Api>;
  tokens: Record<Who, string>;
  ids: Record<Who, number>;
  customerId: number;
  quotationId: number;
}

export const COUNCIL = { council_type: 'CREA', council_number: '123456', council_uf: 'SP' } as const;

/** The instruments the field memory names, as the equipment table has them. */
export const INSTRUMENT = { name: 'Dosímetro DX', serial_number: 'DX-100', calibration_certificate: 'CAL-2026-01', expiration_date: '2027-03-31' };
export const CALIBRATOR = { name: 'Calibrador CY', serial_number: 'CY-9', calibration_certificate: 'CAL-2026-02', expiration_date: '2027-01-15' };

async function person(t: TestApp, username: string, name: string, roleSlug: string, council = false) {
  const id = await insertUser(t.db, { name, username, email: `${username}@empresa.com.br`, password: PASSWORD, roleSlug });
  if (council) await t.db.update(users).set(COUNCIL).where(eq(users.id, id));
  const token = (await signIn(t, username, PASSWORD)).access_token;
  return { id, token, api: api(t, token) };
}

export async function reviewWorld(t: TestApp): Promise<ReviewWorld> {
  await roleWith(t, 'so-clientes', ['customers']);
  const customerId = await insertCustomer(t.db, { name: 'Metalúrgica Horizonte Ltda', type: 'corporate', document: '11222333000181' });
  const people = {
    technician: await person(t, 'tecnico', 'Paulo Técnico', 'tecnico-de-campo'),
    reviewer: await person(t, 'revisora', 'Rita Revisora', 'administrativo', true),
    reviewer2: await person(t, 'revisor2', 'Rui Revisor', 'administrativo', true),
    customer: await person(t, 'cliente', 'Carla Cliente', 'cliente'),
    noSamples: await person(t, 'semamostras', 'Sem Amostras', 'so-clientes'),
  };
  await linkUserToCustomer(t.db, people.customer.id, customerId);
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
  const adminToken = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
  const adminApi = api(t, adminToken);
  ok(await adminApi.post('/api/equipment', { ...INSTRUMENT, type: 'instrumento' }), 201);
  ok(await adminApi.post('/api/equipment', { ...CALIBRATOR, type: 'calibrador' }), 201);
  const rows = [
    { product_id: null, name: 'Ruído contínuo', product_type_id: TYPE_IDS.noise, quantity: 2, value: 300 },
    { product_id: null, name: 'Tolueno', product_type_id: TYPE_IDS.chemical, quantity: 1, value: 300 },
  ];
  const quotation = await createQuotation(adminApi, customerId, { rows, total: 900 });
  ok(await adminApi.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
  return {
    t,
    as: { ...Object.fromEntries(Object.entries(people).map(([who, p]) => [who, p.api])), admin: adminApi } as Record<Who, Api>,
    tokens: { ...Object.fromEntries(Object.entries(people).map(([who, p]) => [who, p.token])), admin: adminToken } as Record<Who, string>,
    ids: { ...Object.fromEntries(Object.entries(people).map(([who, p]) => [who, p.id])), admin: admin!.id } as Record<Who, number>,
    customerId,
    quotationId: quotation.id,
  };
}

const MEMORY = {
  instrument: INSTRUMENT.name,
  instrument_serie: INSTRUMENT.serial_number,
  gauge: CALIBRATOR.name,
  gauge_serie: CALIBRATOR.serial_number,
};

/** A field sample's body: noise with measured doses (NOISE_FIGURE_CASES[0]) or chemical with three agents. */
export function sampleBody(world: ReviewWorld, type: 'noise' | 'chemical') {
  if (type === 'noise') {
    const { memory_field, result } = NOISE_FIGURE_CASES[0]!.blocks;
    return { quotation_id: world.quotationId, type_id: TYPE_IDS.noise, memory_field: { ...memory_field, ...MEMORY }, result };
  }
  return {
    quotation_id: world.quotationId,
    type_id: TYPE_IDS.chemical,
    memory_field: { date: '03/11/2026', agents: THREE_AGENTS, ...MEMORY },
    result: { agents: THREE_RESULTS },
  };
}

/** A new filled draft, saved by the technician. */
export async function draftSample(world: ReviewWorld, type: 'noise' | 'chemical' = 'noise'): Promise<Sample> {
  return ok(await world.as.technician.post('/api/sample', sampleBody(world, type)), 201);
}

export function finalize(who: Api, id: number, headers?: Record<string, string>): Promise<Reply<any>> {
  return who.put(`/api/sample/${id}/finalize`, {}, headers);
}

export function review(who: Api, id: number, action: Exclude<ReviewAction, 'finalize'>, reason?: string): Promise<Reply<any>> {
  return who.put(`/api/sample/${id}/review`, reason === undefined ? { action } : { action, reason });
}

export async function stateOf(world: ReviewWorld, id: number): Promise<SampleState> {
  const [row] = await world.t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id));
  return row!.status;
}

/** A sample brought to `state` the way people do it (finalizada, transient on the server, is written directly). */
export async function sampleIn(world: ReviewWorld, state: SampleState, type: 'noise' | 'chemical' = 'noise'): Promise<Sample> {
  const chemical = state === 'aguardando_laboratorio' || type === 'chemical';
  const sample = await draftSample(world, chemical ? 'chemical' : 'noise');
  const { technician, reviewer } = world.as;
  const steps: Array<() => Promise<Reply<any>>> = [];
  // A chemical sample waits for its laboratory before the review.
  const finalized = async () => {
    const answer = await finalize(technician, sample.id);
    return chemical && state !== 'aguardando_laboratorio' && answer.status === 200 ? review(technician, sample.id, 'lab_done') : answer;
  };
  switch (state) {
    case 'rascunho':
      break;
    case 'finalizada':
      await world.t.db.update(samples).set({ status: 'finalizada' }).where(eq(samples.id, sample.id));
      break;
    case 'aguardando_laboratorio':
    case 'em_revisao':
      steps.push(finalized);
      break;
    case 'devolvida':
      steps.push(finalized, () => review(reviewer, sample.id, 'return', 'Falta a foto do posto.'));
      break;
    case 'aprovada':
      steps.push(finalized, () => review(reviewer, sample.id, 'approve'));
      break;
    case 'emitida':
      steps.push(
        finalized,
        () => review(reviewer, sample.id, 'approve'),
        () => review(technician, sample.id, 'issue'),
      );
      break;
    case 'cancelada':
      steps.push(finalized, () => review(reviewer, sample.id, 'cancel', 'Amostragem perdida.'));
      break;
    case 'substituida':
      steps.push(
        finalized,
        () => review(reviewer, sample.id, 'approve'),
        () => review(reviewer, sample.id, 'invalidate', 'Erro de digitação.'),
      );
      break;
  }
  for (const step of steps) ok(await step());
  expect(await stateOf(world, sample.id)).toBe(state);
  return ok(await world.as.admin.get(`/api/sample/${sample.id}`));
}

/** A small JPEG (8 × 8). */
export function smallJpeg(background = '#777'): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** `POST api/sample/{id}/file` with one photo, as the engine uploads it. */
export async function uploadPhoto(world: ReviewWorld, who: Who, sampleId: number, name = 'posto.jpg'): Promise<Reply<any>> {
  const { body, contentType } = multipartBody([
    { name: 'name', value: name },
    { name: 'file', filename: name, type: 'image/jpeg', data: await smallJpeg() },
  ]);
  return call(world.t, 'POST', `/api/sample/${sampleId}/file`, {
    token: world.tokens[who],
    body: body as unknown as string,
    headers: { 'content-type': contentType },
  });
}

/** Headers of a write from a named tablet. */
export function fromDevice(id: string): Record<string, string> {
  return {
    [DEVICE_HEADER]: id,
    'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  };
}
