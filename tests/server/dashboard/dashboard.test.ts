/**
 * The dashboard calls against the real server (samples.md section 7) on a
 * set seeded here and computed by hand. Now is 29/11/2026 15:00 in São
 * Paulo, so last-week is 23/11 00:00 to 29/11 23:59:59.999 (São Paulo) and
 * the week before 16/11 to 22/11. Every quotation totals R$ 1.234,56.
 *
 *   Q1 linked customer, 23/11 00:00:00.000 (first instant),  approved by the office
 *   Q2 other customer,  29/11 07:00,                          pending
 *   Q6 linked customer, 29/11 00:00:00.000,                   approved by the office
 *   Q3 other customer,  22/11 23:59:59.999 (the week before), approved by the office
 *   Q4 linked customer, 16/11 00:00:00.000 (the week before), open
 *   Q5 other customer,  15/11 23:59:59.999 (neither),         canceled
 *
 * Samples (noise): S1 on Q1 at the highest level (NR 15 Dose 8h 101,5), saved
 * 24/11 (a draft: the customer-type user neither counts it nor is alerted
 * of it before approval); S2 on Q3 filled (NHO 85), saved 20/11; S3 on Q3 blank. Equipment
 * with the 'time alert' at 10 days: expired 28/11, due 29/11 and 09/12,
 * valid 10/12 (which 30 days would have counted).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS, type Alert, type DashboardQuotation } from '@sync/contract/dashboard';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import type { StatCard } from '@/domain/dashboard-figures';
import { alerts, quotations, samples, users } from '@server/db/schema';
import { api, ok, TYPE_IDS, type Api } from '../catalog/support';
import { createCast, type Cast } from '../helpers/people';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createQuotation } from '../quotations/support';

const NOW = Date.parse('2026-11-29T18:00:00.000Z');
const EPOCH = '1970-01-01T00:00:00.000Z';

let t: TestApp;
let cast: Cast;
let admin: Api;
let office: Api;
let technician: Api;
let customer: Api;
let noModule: Api;
const q: Record<string, number> = {};
const s: Record<string, number> = {};
const e: Record<string, number> = {};

async function quotation(name: string, customerId: number, createdAt: string, status?: 'pending' | 'approved' | 'canceled') {
  const created = await createQuotation(admin, customerId);
  q[name] = created.id;
  if (status === 'approved') ok(await office.put(`/api/quotation/${created.id}/status`, { status }));
  else if (status) ok(await admin.put(`/api/quotation/${created.id}/status`, { status }));
  await t.db
    .update(quotations)
    .set({ created_at: new Date(createdAt) })
    .where(eq(quotations.id, created.id));
}

async function noiseSample(name: string, quotationId: number, result: object, updatedAt: string) {
  const created = ok(await admin.post('/api/sample', { quotation_id: quotationId, type_id: TYPE_IDS.noise, result }), 201) as { id: number };
  s[name] = created.id;
  await t.db
    .update(samples)
    .set({ updated_at: new Date(updatedAt) })
    .where(eq(samples.id, created.id));
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(NOW);
  cast = await createCast(t);
  admin = api(t, cast.tokens.admin);
  office = api(t, cast.tokens.office);
  technician = api(t, cast.tokens.technician);
  customer = api(t, cast.tokens.customer);
  noModule = api(t, cast.tokens.noModule);
  const { linked, other } = cast.customers;
  await quotation('Q1', linked, '2026-11-23T03:00:00.000Z', 'approved');
  await quotation('Q2', other, '2026-11-29T10:00:00.000Z', 'pending');
  await quotation('Q6', linked, '2026-11-29T03:00:00.000Z', 'approved');
  await quotation('Q3', other, '2026-11-23T02:59:59.999Z', 'approved');
  await quotation('Q4', linked, '2026-11-16T03:00:00.000Z');
  await quotation('Q5', other, '2026-11-16T02:59:59.999Z', 'canceled');
  await noiseSample('S1', q.Q1!, { nr15: { dose8: '101,5' } }, '2026-11-24T12:00:00.000Z');
  await noiseSample('S2', q.Q3!, { nho: { dose8: '85' } }, '2026-11-20T12:00:00.000Z');
  await noiseSample('S3', q.Q3!, {}, '2026-11-25T12:00:00.000Z');
  ok(await admin.put('/api/settings', { options: [{ option: 'settings_timeAlert', value: '10' }] }));
  for (const [name, date] of [
    ['E1', '2026-11-28'],
    ['E2', '2026-11-29'],
    ['E3', '2026-12-09'],
    ['E4', '2026-12-10'],
  ] as const) {
    e[name] = (ok(await admin.post('/api/equipment', { name: `Dosímetro ${name}`, expiration_date: date }), 201) as { id: number }).id;
  }
  // The 'cliente' department is given the quotations module: its users then read their customers' quotations.
  const roles = ok(await admin.get('/api/user/role/all')) as Array<{ id: number; slug: string }>;
  const modules = ok(await admin.get('/api/access-control/modules')) as Array<{ id: number; slug: string }>;
  const role = roles.find((r) => r.slug === CUSTOMER_ROLE_SLUG)!;
  const granted = modules.filter((m) => ['dashboard', 'customers', 'samples', 'quotations'].includes(m.slug));
  ok(await admin.post(`/api/access-control/role/${role.id}/permissions`, { permissions: granted.map((m) => ({ module_id: m.id, active: true })) }));
}, 120_000);
afterAll(() => t?.close());

const cardsOf = async (who: Api, query = '') => {
  const cards = ok(await who.get(`/api/dashboard/stats${query}`)) as StatCard[];
  return Object.fromEntries(cards.map((card) => [card.key, card]));
};

describe('GET api/dashboard/stats', () => {
  it('answers the administrator’s figures for last-week, by default', async () => {
    const card = await cardsOf(admin);
    expect(Object.keys(card)).toEqual([
      'quotations-created',
      'quotations-approved',
      'quoted-value',
      'approved-value',
      'approval-rate',
      'samples-filled',
      'calibrations-due',
    ]);
    expect(card['quotations-created']).toMatchObject({ value: 3, percentage: 50, increase: true, decrease: false });
    expect(card['quotations-created']!.datasets.map((p: { value: number }) => p.value)).toEqual([1, 0, 0, 0, 0, 0, 2]);
    expect(card['quotations-approved']).toMatchObject({ value: 2, percentage: 100, increase: true });
    expect(card['quoted-value']).toMatchObject({ value: 3703.68, percentage: 50 });
    expect(card['approved-value']).toMatchObject({ value: 2469.12, percentage: 100 });
    expect(card['approval-rate']).toMatchObject({ value: 66.7, percentage: 16.7, increase: true });
    expect(card['samples-filled']).toMatchObject({ value: 1, percentage: 0, increase: false, decrease: false });
    expect(card['calibrations-due']).toMatchObject({
      value: 3,
      datasets: [
        { label: 'Vencidas', value: 1 },
        { label: 'A vencer', value: 2 },
      ],
    });
  });

  it('answers another period when asked, and refuses an unknown one', async () => {
    const today = await cardsOf(admin, '?period=today');
    expect(today['quotations-created']).toMatchObject({ value: 2, percentage: null, datasets: [] });
    const year = await cardsOf(admin, '?period=last-year');
    expect(year['quotations-created']!.value).toBe(6);
    expect(year['quotations-created']!.datasets).toHaveLength(13);
    const bad = await admin.get('/api/dashboard/stats?period=ontem');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(DASHBOARD_TEXTS.filterInvalid);
  });

  it('counts only a customer-type user’s customers, and never the equipment', async () => {
    const card = await cardsOf(customer);
    expect(card['quotations-created']).toMatchObject({ value: 2, percentage: 100, increase: true });
    expect(card['quotations-approved']).toMatchObject({ value: 2, percentage: null, increase: true });
    expect(card['approved-value']).toMatchObject({ value: 2469.12, percentage: null });
    expect(card['approval-rate']).toMatchObject({ value: 100, percentage: 100 });
    // S1 is a draft: its results are not the customer's until approved (issue 28; review-customer.test.ts counts it after).
    expect(card['samples-filled']).toMatchObject({ value: 0 });
    expect(card['calibrations-due']).toBeUndefined();
  });

  it('is refused to a user without the dashboard module', async () => {
    expect((await noModule.get('/api/dashboard/stats')).status).toBe(403);
  });
});

describe('GET api/dashboard/quotations', () => {
  const ids = async (who: Api, query: string) =>
    (ok(await who.get(`/api/dashboard/quotations${query}`)) as DashboardQuotation[]).map((row) => row.id);

  it.each([
    ['', ['Q2', 'Q6', 'Q1']], // last-week by default
    ['?type=period&search=today', ['Q2', 'Q6']],
    ['?type=period&search=last-week', ['Q2', 'Q6', 'Q1']],
    ['?type=period&search=last-month', ['Q2', 'Q6', 'Q1', 'Q3', 'Q4', 'Q5']],
    ['?type=status', ['Q2']], // pending by default
    ['?type=status&search=approved', ['Q6', 'Q1', 'Q3']],
    ['?type=status&search=open', ['Q4']],
  ])('%s → %j', async (query, names) => {
    expect(await ids(admin, query)).toEqual(names.map((name) => q[name]));
  });

  it('answers the spec’s row {id, reference_no, customer_name, status, total}', async () => {
    const [row] = ok(await admin.get('/api/dashboard/quotations?type=status&search=pending')) as DashboardQuotation[];
    expect(row).toEqual({ id: q.Q2, reference_no: `${q.Q2}/2026`, customer_name: 'Outro Cliente', status: 'pending', total: 1234.56 });
  });

  it('narrows a customer-type user to its customers', async () => {
    expect(await ids(customer, '?type=period&search=last-month')).toEqual([q.Q6, q.Q1, q.Q4]);
    expect(await ids(customer, '?type=status&search=approved')).toEqual([q.Q6, q.Q1]);
  });

  it.each(['?type=status&search=last-week', '?type=period&search=pending', '?type=mes', '?search=ontem'])('refuses %s', async (query) => {
    const reply = await admin.get(`/api/dashboard/quotations${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(DASHBOARD_TEXTS.filterInvalid);
  });
});

const unreadOf = async (who: Api) => ok(await who.get('/api/dashboard/alerts/unread/')) as { list: Alert[]; total_items: number };
const kindsOf = (list: Alert[]) => list.map((alert) => `${alert.kind}:${alert.subject_id}`).sort();

describe('alerts', () => {
  it('a quotation approved by the office reaches the others who read quotations, not the office itself', async () => {
    const mine = await unreadOf(technician);
    const approvals = mine.list.filter((alert) => alert.kind === 'quotation-approved');
    expect(approvals.map((alert) => alert.subject_id).sort()).toEqual([q.Q1, q.Q3, q.Q6].sort());
    const [name] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, cast.userIds.office));
    const q1 = approvals.find((alert) => alert.subject_id === q.Q1)!;
    expect(q1.title).toBe(`Orçamento ${q.Q1}/2026 aprovado`);
    expect(q1.message).toBe(`Cliente Vinculado Ltda — aprovado por ${name!.name}.`);
    expect((await unreadOf(admin)).list.filter((alert) => alert.kind === 'quotation-approved')).toHaveLength(3);
    expect((await unreadOf(office)).list.filter((alert) => alert.kind === 'quotation-approved')).toEqual([]);
  });

  it('a sample saved at the highest risk level alerts everyone who reads it, once', async () => {
    const forTechnician = (await unreadOf(technician)).list.filter((alert) => alert.kind === 'sample-highest-risk');
    expect(forTechnician.map((alert) => alert.subject_id)).toEqual([s.S1]);
    expect(forTechnician[0]!.title).toBe(`Amostra 1 do orçamento ${q.Q1}/2026 no nível de risco mais alto`);
    // Saved again, still at the highest level: no second alert.
    const sample = ok(await admin.get(`/api/sample/${s.S1}`));
    ok(await admin.put(`/api/sample/${s.S1}`, { quotation_id: q.Q1, type_id: TYPE_IDS.noise, result: sample.result }));
    const rows = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'sample-highest-risk'), eq(alerts.user_id, cast.userIds.technician)));
    expect(rows).toHaveLength(1);
  });

  it('calibrations due within the time alert are raised when alerts are read, each once', async () => {
    const calibrations = (await unreadOf(technician)).list.filter((alert) => alert.kind.startsWith('calibration'));
    expect(kindsOf(calibrations)).toEqual([`calibration-expired:${e.E1}`, `calibration-soon:${e.E2}`, `calibration-soon:${e.E3}`].sort());
    expect(calibrations.find((alert) => alert.subject_id === e.E2)!.title).toBe('Calibração de Dosímetro E2 vence em 29/11/2026');
    await unreadOf(technician);
    const stored = await t.db.select().from(alerts).where(eq(alerts.user_id, cast.userIds.technician));
    expect(stored.filter((row) => row.kind.startsWith('calibration'))).toHaveLength(3);
    // A longer window brings E4 in.
    ok(await admin.put('/api/settings', { options: [{ option: 'settings_timeAlert', value: '11' }] }));
    const wider = (await unreadOf(technician)).list.filter((alert) => alert.kind === 'calibration-soon');
    expect(wider.map((alert) => alert.subject_id).sort()).toEqual([e.E2, e.E3, e.E4].sort());
    ok(await admin.put('/api/settings', { options: [{ option: 'settings_timeAlert', value: '10' }] }));
  });

  it('a customer-type user gets only its customers’ alerts, and no calibrations', async () => {
    // S4: the other customer's sample at the highest level; Q7: a quotation of the linked customer approved now.
    const other = ok(await admin.post('/api/sample', { quotation_id: q.Q3, type_id: TYPE_IDS.noise, result: { nho: { dose8: '130' } } }), 201);
    await quotation('Q7', cast.customers.linked, '2020-01-10T12:00:00.000Z', 'approved');
    await quotation('Q8', cast.customers.other, '2020-01-10T12:00:00.000Z', 'approved');
    const mine = await unreadOf(customer);
    // Not S1's highest risk: a draft's results reach the customer once it is approved (issue 28).
    expect(kindsOf(mine.list)).toEqual([`quotation-approved:${q.Q7}`]);
    const forAdmin = kindsOf((await unreadOf(admin)).list);
    expect(forAdmin).toContain(`sample-highest-risk:${other.id}`);
    expect(forAdmin).toContain(`quotation-approved:${q.Q8}`);
  });

  it('a user without modules has none', async () => {
    expect(await unreadOf(noModule)).toEqual({ list: [], total_items: 0 });
  });

  it('marks one read: the count drops, again changes nothing, another user’s is not found', async () => {
    const before = await unreadOf(technician);
    const target = before.list[0]!;
    const read = ok(await technician.get(`/api/dashboard/alerts/read/${target.id}`)) as Alert;
    expect(read.read_at).toBe(new Date(NOW).toISOString());
    expect(Date.parse(read.updated_at)).toBeGreaterThan(Date.parse(target.updated_at) - 1);
    const after = await unreadOf(technician);
    expect(after.total_items).toBe(before.total_items - 1);
    expect(after.list.map((alert) => alert.id)).not.toContain(target.id);
    t.clock.set(NOW + 60_000);
    const again = ok(await technician.get(`/api/dashboard/alerts/read/${target.id}`)) as Alert;
    expect(again).toEqual(read);
    const theirs = await admin.get(`/api/dashboard/alerts/read/${target.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Alerta não encontrado.');
    // The device's online write: PUT on the same path.
    const next = after.list[0]!;
    const put = ok(await technician.put(`/api/dashboard/alerts/read/${next.id}`, {})) as Alert;
    expect(put.read_at).toBe(new Date(NOW + 60_000).toISOString());
    t.clock.set(NOW);
  });

  it('lists the user’s alerts newest first, paged, and pulls them by updated_since (a mark included)', async () => {
    const all = (await t.db.select().from(alerts).where(eq(alerts.user_id, cast.userIds.technician))).length;
    const page = ok(await technician.get('/api/dashboard/alerts/0/2')) as { list: Alert[]; total_items: number };
    expect(page.total_items).toBe(all);
    expect(page.list).toHaveLength(2);
    expect(Date.parse(page.list[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(page.list[1]!.created_at));
    const pulled = ok(await technician.get(`/api/dashboard/alerts/0/500?updated_since=${EPOCH}`));
    expect(pulled.list).toHaveLength(all);
    expect(pulled.deleted_ids).toEqual([]);
    const since = new Date(NOW + 120_000).toISOString();
    t.clock.set(NOW + 180_000);
    const target = (await unreadOf(technician)).list[0]!;
    ok(await technician.get(`/api/dashboard/alerts/read/${target.id}`));
    const changed = ok(await technician.get(`/api/dashboard/alerts/0/500?updated_since=${since}`));
    expect(changed.list.map((alert: Alert) => alert.id)).toEqual([target.id]);
    t.clock.set(NOW);
  });
});
