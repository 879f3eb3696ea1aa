/**
 * The pull batch (`GET api/sync/pull`, sync/contract/pull-batch.ts): for a
 * table of callers, walking every list the device pulls through batch calls
 * gives exactly the records and deleted ids of each list's own pull, and a
 * list the caller may not read is refused with that list's own 403; the
 * answer's bounds (rows across lists, bytes, a list that goes on keeping
 * the lists after it for later); a cursor resumed; what it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PULL_BATCH_BYTES,
  MAX_PULL_BATCH_LISTS,
  PULL_BATCH_MESSAGES,
  pullBatchAnswerSchema,
  pullBatchPath,
  type PullBatchList,
  type PullBatchListAnswer,
} from '@sync/contract/pull-batch';
import { seedDemo } from '@server/db/demo';
import { insertCustomer } from '@server/db/demo/records';
import { DEMO_PASSWORD } from '@server/db/demo/users';
import { createDefaultRegistry } from '@sync/store/registry';
import { ADMIN, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { api, ok, type Api } from '../catalog/support';

const EPOCH = '1970-01-01T00:00:00.000Z';
const LISTS = createDefaultRegistry()
  .pullOrder()
  .map((resource) => resource.paths.list!);

type Page = { list: Array<{ id: number; updated_at: string }>; deleted_ids: number[]; server_time: string; total_items: number };

let t: TestApp;
let admin: Api;
const callers: Record<string, Api> = {};

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  // The demo rows carry the real clock's time: the app's clock goes past it, so 'since now' leaves them out.
  t.clock.advance(3_600_000);
  admin = api(t, (await signIn(t, ADMIN.username, ADMIN.password)).access_token);
  callers.admin = admin;
  callers.technician = api(t, (await signIn(t, 'paulo', DEMO_PASSWORD)).access_token);
  callers.customer = api(t, (await signIn(t, 'carla', DEMO_PASSWORD)).access_token);
  // Deleted ids to compare too: a cost (catalog) and a customer no customer-type user is linked to.
  const costs = ok<Page>(await admin.get(`/api/cost/all/0/1?updated_since=${EPOCH}`));
  ok(await admin.del(`/api/cost/${costs.list[0]!.id}`));
  ok(await admin.del(`/api/customer/${await insertCustomer(t.db, { name: 'Cliente Apagado Ltda', type: 'corporate' })}`));
});
afterAll(() => t.close());

async function batch(caller: Api, lists: readonly PullBatchList[], take: number, rows?: number) {
  const reply = await caller.get(`/${pullBatchPath(lists, take, rows)}`);
  return pullBatchAnswerSchema.parse(ok(reply)).lists;
}

/** A list's page in an answer, failing the test when the list was not read. */
function pageOf(answer: PullBatchListAnswer | undefined): Page {
  if (answer?.state !== 'page') return expect.fail(`expected a page, got ${JSON.stringify(answer)}`);
  return answer.page as Page;
}

type Pulled = { status: number; records: Page['list']; deleted: number[] };

/** One list alone, paged as the device pages it: until a page is shorter than take. */
async function pullAlone(caller: Api, path: string, take: number, since = EPOCH): Promise<Pulled> {
  const records: Page['list'] = [];
  const deleted: number[] = [];
  let cursor: { since: string; afterId?: number } = { since };
  for (;;) {
    const query = new URLSearchParams({ updated_since: cursor.since });
    if (cursor.afterId !== undefined) query.set('after_id', String(cursor.afterId));
    const reply = await caller.get(`/${path.replace('{skip}', '0').replace('{take}', String(take))}?${query}`);
    if (reply.status !== 200) return { status: reply.status, records, deleted };
    const page = reply.body as Page;
    records.push(...page.list);
    deleted.push(...page.deleted_ids);
    const last = page.list.at(-1);
    if (!path.includes('{take}') || !last || page.list.length < take) return { status: 200, records, deleted };
    cursor = { since: last.updated_at, afterId: last.id };
  }
}

/** Every list through batch calls, as the device walks them: the lists that go on or wait are asked again. */
async function pullInBatches(caller: Api, paths: readonly string[], take: number, since = EPOCH) {
  const pulled = new Map<string, Pulled>(paths.map((path) => [path, { status: 200, records: [], deleted: [] }]));
  let pending: PullBatchList[] = paths.map((path) => ({ path, updated_since: since }));
  const calls: PullBatchListAnswer[][] = [];
  while (pending.length > 0) {
    const answers = await batch(caller, pending, take);
    calls.push(answers);
    expect(answers).toHaveLength(pending.length);
    const next: PullBatchList[] = [];
    for (const [index, list] of pending.entries()) {
      const answer = answers[index]!;
      const into = pulled.get(list.path)!;
      if (answer.state === 'later') next.push(list);
      else if (answer.state === 'refused') into.status = answer.status;
      else {
        const page = answer.page as Page;
        into.records.push(...page.list);
        into.deleted.push(...page.deleted_ids);
        const last = page.list.at(-1);
        if (answer.more) next.push({ path: list.path, updated_since: last!.updated_at, after_id: last!.id });
      }
    }
    pending = next;
  }
  return { pulled, calls };
}

describe('the same rows as each list alone', () => {
  it.each([
    ['admin', 500],
    ['admin', 7],
    ['technician', 500],
    ['technician', 4],
    ['customer', 500],
    ['customer', 3],
  ])('%s, pages of %i', async (who, take) => {
    const caller = callers[who]!;
    const { pulled, calls } = await pullInBatches(caller, LISTS, take);
    for (const path of LISTS) {
      const alone = await pullAlone(caller, path, take);
      expect(pulled.get(path), path).toEqual(alone);
    }
    // Far fewer calls than one per list and page.
    const aloneCalls = LISTS.length + [...pulled.values()].reduce((sum, list) => sum + Math.floor(list.records.length / take), 0);
    expect(calls.length).toBeLessThan(aloneCalls);
    if (take === 500) expect(calls).toHaveLength(1);
  });

  it('each caller reads what its own calls allow: the customer-type user its customer only, no catalog; the technician no users', async () => {
    const refused = async (who: string) => {
      const { pulled } = await pullInBatches(callers[who]!, LISTS, 500);
      return LISTS.filter((path) => pulled.get(path)!.status === 403);
    };
    expect(await refused('admin')).toEqual([]);
    expect(await refused('technician')).toContain('api/user/all/{skip}/{take}');
    expect(await refused('technician')).not.toContain('api/product/all/{skip}/{take}');
    expect(await refused('customer')).toEqual(expect.arrayContaining(['api/cost/all/{skip}/{take}', 'api/product/all/{skip}/{take}']));
    const customers = (await pullInBatches(callers.customer!, ['api/customer/all/{skip}/{take}'], 500)).pulled.get('api/customer/all/{skip}/{take}')!;
    expect(customers.records.map((record) => (record as { name?: string }).name)).toEqual(['Metalúrgica Horizonte Ltda']);
    expect(customers.deleted).toEqual([]);
    const adminCustomers = (await pullInBatches(admin, ['api/customer/all/{skip}/{take}'], 500)).pulled.get('api/customer/all/{skip}/{take}')!;
    expect(adminCustomers.deleted).toHaveLength(1);
  });
});

describe('bounds', () => {
  it('rows across lists: a page never takes more than the answer has left, and a list that goes on keeps the next ones for later', async () => {
    t.clock.advance(1000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    for (let index = 0; index < 2; index += 1) ok(await admin.post('/api/cost', { name: `Custo limite ${index}`, price: 1 }), 201);
    for (let index = 0; index < 4; index += 1) ok(await admin.post('/api/service', { name: `Serviço limite ${index}`, price: 1 }), 201);
    for (let index = 0; index < 4; index += 1) ok(await admin.post('/api/equipment', { name: `Equipamento limite ${index}` }), 201);
    const paths = ['api/cost/all/{skip}/{take}', 'api/service/all/{skip}/{take}', 'api/equipment/all/{skip}/{take}'];
    const shape = (answers: PullBatchListAnswer[]) =>
      answers.map((answer) => (answer.state === 'page' ? [(answer.page as Page).list.length, answer.more] : answer.state));

    const first = await batch(
      admin,
      paths.map((path) => ({ path, updated_since: since })),
      3,
      5,
    );
    // Costs end (2 < 3); services get the 3 rows left and go on; equipment waits.
    expect(shape(first)).toEqual([[2, false], [3, true], 'later']);
    const lastService = pageOf(first[1]).list.at(-1)!;
    const second = await batch(
      admin,
      [
        { path: paths[1]!, updated_since: lastService.updated_at, after_id: lastService.id },
        { path: paths[2]!, updated_since: since },
      ],
      3,
      2,
    );
    // The rows left (2 - 1) bound equipment's page below take; it goes on.
    expect(shape(second)).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it('a list that goes on is read on, page after page, while the answer has rows: its pages arrive as one, in order', async () => {
    t.clock.advance(1000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    for (let index = 0; index < 10; index += 1) ok(await admin.post('/api/service', { name: `Serviço em páginas ${index}`, price: 1 }), 201);
    const path = 'api/service/all/{skip}/{take}';
    const alone = await pullAlone(admin, path, 3, since);
    const [answer] = await batch(admin, [{ path, updated_since: since }], 3, 8);
    // Pages of 3, 3 and 2 (the rows left) in one answer; the last was full, so the list goes on.
    expect(answer).toMatchObject({ state: 'page', more: true });
    expect(pageOf(answer).list.map((row) => row.id)).toEqual(alone.records.slice(0, 8).map((row) => row.id));
    const last = pageOf(answer).list.at(-1)!;
    const [rest] = await batch(admin, [{ path, updated_since: last.updated_at, after_id: last.id }], 3, 8);
    expect(rest).toMatchObject({ state: 'page', more: false });
    expect(pageOf(rest).list.map((row) => row.id)).toEqual(alone.records.slice(8).map((row) => row.id));
  });

  it('bytes: once the pages hold MAX_PULL_BATCH_BYTES the lists left wait, and the first list is always read', async () => {
    t.clock.advance(1000);
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    const [type] = ok<Array<{ id: number }>>(await admin.get('/api/product/type'));
    const note = 'Descrição longa do agente. '.repeat(185);
    // About 15 kB each: 40 agents per MiB of the bound make a page of about 0.6 × the bound.
    const agents = Math.round((40 * MAX_PULL_BATCH_BYTES) / (1024 * 1024));
    for (let index = 0; index < agents; index += 1) {
      ok(
        await admin.post('/api/product', {
          name: `Agente extenso ${index}`,
          price: 1,
          type_id: type!.id,
          method: note,
          action_in_body: note,
          notion_skin: note,
        }),
        201,
      );
    }
    ok(await admin.post('/api/cost', { name: 'Custo depois dos agentes', price: 1 }), 201);
    const lists = ['api/product/all/{skip}/{take}', 'api/product/all/{skip}/{take}', 'api/cost/all/{skip}/{take}'].map((path) => ({
      path,
      updated_since: since,
    }));
    const answers = await batch(admin, lists, 1000);
    const pageBytes = JSON.stringify(pageOf(answers[0])).length;
    expect(pageBytes * 2).toBeGreaterThan(MAX_PULL_BATCH_BYTES);
    expect(pageBytes).toBeLessThan(MAX_PULL_BATCH_BYTES);
    // Two such pages pass the bound: the cost list waits.
    expect(answers.map((answer) => answer.state)).toEqual(['page', 'page', 'later']);
    const costs = await batch(admin, [lists[2]!], 1000);
    expect(pageOf(costs[0]).list.map((cost) => (cost as { name?: string }).name)).toEqual(['Custo depois dos agentes']);
  });
});

describe('a cursor resumed', () => {
  it('from server_time less the overlap: the changes and the deletions since, the same as the list alone', async () => {
    const path = 'api/cost/all/{skip}/{take}';
    t.clock.advance(120_000);
    const [answer] = await batch(admin, [{ path, updated_since: EPOCH }], 1000);
    const next = new Date(Date.parse(pageOf(answer).server_time) - 60_000).toISOString();
    t.clock.advance(120_000);
    const created = ok<{ id: number }>(await admin.post('/api/cost', { name: 'Custo novo', price: 3 }), 201);
    const gone = ok<{ id: number }>(await admin.post('/api/cost', { name: 'Custo que sai', price: 3 }), 201);
    ok(await admin.del(`/api/cost/${gone.id}`));
    const { pulled } = await pullInBatches(admin, [path], 1, next);
    const alone = await pullAlone(admin, path, 1, next);
    expect(pulled.get(path)).toEqual(alone);
    expect(alone.records.map((record) => record.id)).toEqual([created.id]);
    expect(alone.deleted).toContain(gone.id);
  });
});

describe('what it refuses', () => {
  it('without a session: 401', async () => {
    const reply = await api(t, undefined).get(`/${pullBatchPath([{ path: LISTS[0]!, updated_since: EPOCH }], 10)}`);
    expect(reply.status).toBe(401);
  });

  it.each([
    ['no list', '/api/sync/pull?take=10'],
    ['a path outside the API', `/api/sync/pull?take=10&list=${encodeURIComponent(`oauth/token,${EPOCH}`)}`],
    ['dot segments', `/api/sync/pull?take=10&list=${encodeURIComponent(`api/../oauth/token,${EPOCH}`)}`],
    ['a bad instant', `/api/sync/pull?take=10&list=${encodeURIComponent('api/cost/all/{skip}/{take},ontem')}`],
    ['a bad after_id', `/api/sync/pull?take=10&list=${encodeURIComponent(`api/cost/all/{skip}/{take},${EPOCH},-1`)}`],
    ['take 0', `/api/sync/pull?take=0&list=${encodeURIComponent(`api/cost/all/{skip}/{take},${EPOCH}`)}`],
    [
      'too many lists',
      `/${pullBatchPath(
        Array.from({ length: MAX_PULL_BATCH_LISTS + 1 }, () => ({ path: 'api/cost/all/{skip}/{take}', updated_since: EPOCH })),
        10,
      )}`,
    ],
  ])('%s: 400 with a message, nothing read', async (label, url) => {
    const reply = await admin.get(url);
    expect(reply.status).toBe(400);
    expect(typeof (reply.body as { message?: unknown }).message).toBe('string');
    // A malformed list says so, one list or several.
    if (/path|dot|instant|after_id/.test(label)) expect(JSON.stringify(reply.body)).toContain(PULL_BATCH_MESSAGES.invalidList);
  });

  it('a malformed list among good ones names the list', async () => {
    const lists = [`api/cost/all/{skip}/{take},${EPOCH}`, `api/%63ost/all/{skip}/{take},${EPOCH}`];
    const reply = await admin.get(`/api/sync/pull?take=10&${lists.map((list) => `list=${encodeURIComponent(list)}`).join('&')}`);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(PULL_BATCH_MESSAGES.invalidList);
  });

  it('a path that is not a pull list (the current user, the batch itself, settings as a record) is refused in its place; the others are read', async () => {
    const answers = await batch(
      admin,
      [
        { path: 'api/user', updated_since: EPOCH },
        { path: 'api/sync/pull', updated_since: EPOCH },
        { path: 'api/no/such/list', updated_since: EPOCH },
        { path: 'api/cost/all/{skip}/{take}', updated_since: EPOCH },
      ],
      10,
    );
    expect(answers.slice(0, 3)).toEqual([
      { state: 'refused', status: 400, body: expect.objectContaining({ message: PULL_BATCH_MESSAGES.notAList }) },
      { state: 'refused', status: 400, body: expect.objectContaining({ message: PULL_BATCH_MESSAGES.notAList }) },
      { state: 'refused', status: 404, body: expect.anything() },
    ]);
    expect(answers[3]!.state).toBe('page');
  });
});
