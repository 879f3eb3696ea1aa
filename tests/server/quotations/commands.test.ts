/**
 * The quotation's commands (spec sections 4 and 7): status changes along
 * the allowed transitions (a table of every pair), markAsSent, and the
 * duplicate, each idempotent with its Idempotency-Key (a replay changes
 * nothing more: one status change, one copy); the status change honours
 * If-Match (409 with the current quotation, nothing changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTATION_STATUSES, QUOTATION_TRANSITIONS, statusChangeRefused, type Quotation, type QuotationStatus } from '@sync/contract/quotations';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import { SYNC_MESSAGES } from '@server/sync/versioning';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation, validQuotation } from './support';

let t: TestApp;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t))).id;
});
afterAll(() => t.close());

/** The shortest way from open to `status` through allowed changes. */
const PATH_TO: Record<QuotationStatus, QuotationStatus[]> = {
  open: [],
  pending: ['pending'],
  approved: ['approved'],
  canceled: ['canceled'],
  closed: ['approved', 'closed'],
};

async function quotationIn(status: QuotationStatus): Promise<Quotation> {
  let quotation = await createQuotation(admin, customerId);
  for (const step of PATH_TO[status]) quotation = ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: step }));
  return quotation;
}

describe('status changes', () => {
  const pairs = QUOTATION_STATUSES.flatMap((from) => QUOTATION_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', async (from, to) => {
    const quotation = await quotationIn(from);
    t.clock.advance(10);
    const reply = await admin.put(`/api/quotation/${quotation.id}/status`, { status: to, markAsSent: false });
    if (from === to || QUOTATION_TRANSITIONS[from].includes(to)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.status).toBe(to);
      expect(reply.body.able_create_sample).toBe(to === 'approved');
      if (from === to) expect(reply.body.updated_at).toBe(quotation.updated_at);
      else expect(Date.parse(reply.body.updated_at)).toBeGreaterThan(Date.parse(quotation.updated_at));
    } else {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ message: statusChangeRefused(from, to) });
      expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).status).toBe(from);
    }
  });

  it('marks as sent when asked, and refuses an unknown status or quotation', async () => {
    const quotation = await createQuotation(admin, customerId);
    const sent: Quotation = ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'pending', markAsSent: true }));
    expect(sent.sent_at).toBe(new Date(t.clock.now()).toISOString());
    const unknown = await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'aprovado' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Status inválido');
    expect((await admin.put('/api/quotation/999999/status', { status: 'pending' })).status).toBe(404);
  });

  it('applies a status change once when its answer is lost and it is sent again with the same key', async () => {
    const quotation = await createQuotation(admin, customerId);
    const key = { 'idempotency-key': 'status-uma-vez-1' };
    const first = ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'pending', markAsSent: true }, key));
    t.clock.advance(5000);
    const replay = await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'pending', markAsSent: true }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first);
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).sent_at).toBe(first.sent_at);
  });
});

describe('status change with If-Match', () => {
  it.each([
    ['the version read', (q: Quotation) => q.updated_at, 200],
    ['the version with quotes (ETag style)', (q: Quotation) => `"${q.updated_at}"`, 200],
    ['"*" (any version)', () => '*', 200],
    ['an older version', () => '2026-01-01T00:00:00.000Z', 409],
    ['1 ms before the version read', (q: Quotation) => new Date(Date.parse(q.updated_at) - 1).toISOString(), 409],
  ])('%s → %s', async (_case, ifMatch, status) => {
    const quotation = await createQuotation(admin, customerId);
    t.clock.advance(10);
    const reply = await admin.put(
      `/api/quotation/${quotation.id}/status`,
      { status: 'approved', markAsSent: true },
      { 'if-match': ifMatch(quotation) },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    if (status === 200) {
      expect(reply.body).toMatchObject({ status: 'approved', sent_at: expect.any(String) });
      return;
    }
    expect(reply.body).toEqual({ message: CONFLICT_MESSAGE, current: quotation });
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`))).toEqual(quotation);
  });

  it('a quotation edited since (by someone else) → 409 with its current version; nothing changes; then against that version it goes', async () => {
    const seen = await createQuotation(admin, customerId);
    t.clock.advance(10);
    const edited: Quotation = ok(
      await admin.put(`/api/quotation/${seen.id}`, { ...validQuotation(customerId), comment: 'Editado em outro aparelho' }),
    );
    t.clock.advance(10);
    const stale = await admin.put(`/api/quotation/${seen.id}/status`, { status: 'canceled' }, { 'if-match': seen.updated_at });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: CONFLICT_MESSAGE, current: { id: seen.id, status: 'open', updated_at: edited.updated_at } },
    });
    expect(ok(await admin.get(`/api/quotation/${seen.id}`))).toEqual(edited);
    const fresh: Quotation = ok(await admin.put(`/api/quotation/${seen.id}/status`, { status: 'canceled' }, { 'if-match': edited.updated_at }));
    expect(fresh).toMatchObject({ status: 'canceled', comment: 'Editado em outro aparelho' });
  });

  it('a stale version is a conflict before the transitions are looked at; a fresh one still meets them', async () => {
    const quotation = await createQuotation(admin, customerId);
    t.clock.advance(10);
    const stale = await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'closed' }, { 'if-match': '2026-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(quotation);
    const refused = await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'closed' }, { 'if-match': quotation.updated_at });
    expect(refused).toMatchObject({ status: 409, body: { message: statusChangeRefused('open', 'closed') } });
    expect(refused.body.current).toBeUndefined();
  });

  it('an unreadable If-Match → 400; a missing one is last write wins', async () => {
    const quotation = await createQuotation(admin, customerId);
    const bad = await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'pending' }, { 'if-match': 'ontem' });
    expect(bad).toMatchObject({ status: 400, body: { message: SYNC_MESSAGES.invalidIfMatch } });
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`))).toEqual(quotation);
    expect(ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'pending' })).status).toBe('pending');
  });

  it('the OpenAPI document says so: If-Match accepted, 409 with the current quotation', async () => {
    const document = ok(await admin.get('/api/openapi.json'));
    const operation = document.paths['/api/quotation/{id}/status'].put;
    expect(operation.parameters.map((parameter: { in: string; name: string }) => `${parameter.in}:${parameter.name}`)).toContain('header:if-match');
    expect(JSON.stringify(operation.responses['409'])).toContain('current');
  });
});

describe('duplicate', () => {
  it('makes one copy per key: a new Rascunho with its own number, the same lines and totals, not sent', async () => {
    const source = await createQuotation(admin, customerId, { discount: 10 });
    const approved: Quotation = ok(await admin.put(`/api/quotation/${source.id}/status`, { status: 'approved', markAsSent: true }));
    const before = ok(await admin.get('/api/quotation/all/0/1000')).total_items;
    const key = { 'idempotency-key': 'duplicar-uma-vez-1' };
    const copy: Quotation = ok(await admin.post(`/api/quotation/duplicate/${source.id}`, {}, key), 201);
    const replay = await admin.post(`/api/quotation/duplicate/${source.id}`, {}, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(copy);
    expect(ok(await admin.get('/api/quotation/all/0/1000')).total_items).toBe(before + 1);

    expect(copy.id).not.toBe(source.id);
    expect(copy.reference_no).toBe(`${copy.id}/${new Date(t.clock.now()).getUTCFullYear()}`);
    expect(copy).toMatchObject({
      status: 'open',
      sent_at: null,
      customer_id: customerId,
      total: approved.total,
      subtotal: approved.subtotal,
      discount: 10,
    });
    // The same lines, as new lines: each with a new row_id.
    const withoutIds = (lines: ReadonlyArray<{ row_id: string }>) => lines.map(({ row_id: _id, ...line }) => line);
    for (const list of ['rows', 'services', 'costs', 'equipments', 'deadlines'] as const) {
      expect(withoutIds(copy[list])).toEqual(withoutIds(approved[list]));
      expect(copy[list].every((line) => line.row_id !== '' && !approved[list].some((original) => original.row_id === line.row_id))).toBe(true);
    }
    expect(ok(await admin.get(`/api/quotation/${source.id}`))).toEqual(approved);
    expect((await admin.post('/api/quotation/duplicate/999999', {})).status).toBe(404);
  });
});
