/**
 * Property: whatever a technician does offline (creates, updates and deletes
 * across related records: categories ↔ equipment, agents ↔ their equipment
 * lines, costs; quotations with nested lines for customers, their status
 * changes and duplicates) and whatever the network does meanwhile (dropped requests,
 * lost answers, 500s, 429s, timeouts, expired tokens, server restarts, app
 * reloads mid-push), once the connection is good again the device and the
 * server converge: every intended record is on the server exactly once with
 * its latest fields and relations, nothing deleted survives, and the local
 * store agrees with the server.
 *
 * A second device edits the same records meanwhile (online, between the
 * first device's syncs): it renames equipment and costs (fields the first
 * device never edits) and changes cost prices (a field both edit). Nothing
 * changed on one side only is lost: every rename survives the first
 * device's own edits of those records. A price changed on both sides is a
 * conflict only when both changes met (the second device's edit fell between
 * the first device's save and its push); the user's choice per field then
 * decides, otherwise the later save holds.
 *
 * Documents merge inside (issue 21): one heat sample is shared by both
 * devices, and they edit different fields of its caracterization and
 * different task rows of its memory (add, edit, remove rows) concurrently
 * (support/sample-ops.ts); both devices end with the server's blocks, every
 * leaf with its latest value, and no question is ever asked about it.
 *
 * One server and one device serve every run, as a device does over weeks;
 * each run names its records with its own token and checks only those.
 * Runs: SYNC_PROPERTY_RUNS, 50 by default (`npm test`); CI runs it apart
 * with 300 (.ci/run): 150 on PGlite, 150 on two server instances sharing
 * PostgreSQL (SYNC_TEST_SERVERS=2 with TEST_DATABASE_URL, which a replay of
 * those needs too). SYNC_PROPERTY_SEED replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCommand } from '@sync/engine/commands';
import { resolveConflict } from '@sync/engine/entry-actions';
import { deleteRecord, saveRecord, saveRecords } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { readChildren, readPage, readRecord, readRecordById } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import type { RecordFields } from '@sync/store/types';
import { planSaves } from '@/entities/sample/plan';
import type { Fault, FaultRule } from './support/fault-proxy';
import { liveRecords } from './support/convergence';
import {
  applyQuotationOp,
  emptyQuotationModel,
  expectQuotationsConverged,
  quotationOpArb,
  type QuotationModel,
  type QuotationOp,
} from './support/quotation-ops';
import { applySampleOp, expectSampleConverged, isSampleOp, sampleModel, sampleOpArb, type SampleModel, type SampleOp } from './support/sample-ops';
import { openClient, type TestClient } from './support/sync-client';
import { startSyncServer, type SyncServer } from './support/sync-server';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 50);
/** Replays a failing run: the seed fast-check printed. */
const SEED = process.env.SYNC_PROPERTY_SEED === undefined ? undefined : Number(process.env.SYNC_PROPERTY_SEED);
/** Client request timeout: generous, so a loaded machine does not time out healthy requests. */
const TIMEOUT_MS = 1_500;

/* ---------- the model: what the user meant ---------- */

interface Category {
  key: string;
  name: string;
  live: boolean;
}
interface Equipment {
  key: string;
  name: string;
  serial: string | null;
  category: Category | null;
  live: boolean;
}
interface Agent {
  key: string;
  name: string;
  price: number;
  live: boolean;
}
interface Line {
  key: string;
  agent: Agent;
  equipment: Equipment;
  quantity: number;
  live: boolean;
}
interface Cost {
  key: string;
  name: string;
  /** The later save of either device. */
  price: number;
  /** The latest price each device saved, for a conflict's choice. */
  minePrice: number;
  otherPrice: number | null;
  live: boolean;
}

interface Model {
  prefix: string;
  counter: number;
  categories: Category[];
  equipment: Equipment[];
  agents: Agent[];
  lines: Line[];
  costs: Cost[];
  /** Quotations (documents with nested lines) and their commands: support/quotation-ops.ts. */
  documents: QuotationModel;
  /** The shared sample, when the run edits it (support/sample-ops.ts). */
  sample: SampleModel | null;
}

/* ---------- the operations ---------- */

type FaultKind = 'drop' | 'lose-response' | 'error-500' | 'too-many' | 'timeout' | 'expire-token' | 'restart';
interface FaultSpec {
  kind: FaultKind;
  method: 'POST' | 'PUT' | 'DELETE' | 'GET' | undefined;
  times: number;
}

type Op =
  | { op: 'createCategory' }
  | { op: 'renameCategory'; target: number }
  | { op: 'deleteCategory'; target: number }
  | { op: 'createEquipment'; category: number | null }
  | { op: 'updateEquipment'; target: number; category: number | null; serial: boolean }
  | { op: 'deleteEquipment'; target: number }
  | { op: 'createAgent'; price: number }
  | { op: 'updateAgent'; target: number; price: number }
  | { op: 'deleteAgent'; target: number }
  | { op: 'addLine'; agent: number; equipment: number; quantity: number }
  | { op: 'updateLine'; target: number; quantity: number }
  | { op: 'deleteLine'; target: number }
  | { op: 'createCost'; price: number }
  | { op: 'updateCost'; target: number; price: number }
  | { op: 'deleteCost'; target: number }
  | QuotationOp
  | SampleOp
  | { op: 'otherRenameEquipment'; target: number }
  | { op: 'bothEditEquipment'; target: number }
  | { op: 'bothEditCost'; target: number; price: number; other: 'none' | 'fresh' | 'same'; rename: boolean }
  | { op: 'otherEditCost'; target: number; price: number | null; rename: boolean; exact?: boolean }
  | { op: 'sync'; faults: FaultSpec[] }
  | { op: 'reload'; afterMs: number };

const target = fc.nat({ max: 20 });
const price = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
// Lost answers and drops are the faults that test exactly-once; writes are where they matter most.
const faultKindArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<FaultKind>('lose-response') },
  { weight: 2, arbitrary: fc.constant<FaultKind>('drop') },
  { weight: 1, arbitrary: fc.constantFrom<FaultKind>('error-500', 'too-many', 'timeout', 'expire-token', 'restart') },
);
const faultArb: fc.Arbitrary<FaultSpec> = fc.record({
  kind: faultKindArb,
  method: fc.constantFrom<FaultSpec['method']>('POST', 'POST', 'PUT', 'PUT', 'DELETE', 'GET', undefined),
  times: fc.integer({ min: 1, max: 3 }),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: 'createCategory' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('renameCategory' as const), target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteCategory' as const), target }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('createEquipment' as const), category: fc.option(target, { nil: null }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('updateEquipment' as const), target, category: fc.option(target, { nil: null }), serial: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteEquipment' as const), target }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createAgent' as const), price }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateAgent' as const), target, price }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteAgent' as const), target }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('addLine' as const), agent: target, equipment: target, quantity: fc.integer({ min: 1, max: 9 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateLine' as const), target, quantity: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteLine' as const), target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('createCost' as const), price }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateCost' as const), target, price }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteCost' as const), target }) },
  { weight: 4, arbitrary: quotationOpArb },
  { weight: 2, arbitrary: sampleOpArb },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('otherRenameEquipment' as const), target }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('bothEditEquipment' as const), target }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('bothEditCost' as const),
      target,
      price,
      // The other device leaves the price, changes it too, or saves the very same new price (no question then).
      other: fc.constantFrom('none' as const, 'fresh' as const, 'same' as const),
      rename: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('otherEditCost' as const), target, price: fc.option(price, { nil: null }), rename: fc.boolean() }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('sync' as const), faults: fc.array(faultArb, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reload' as const), afterMs: fc.integer({ min: 0, max: 40 }) }) },
);

/* ---------- the world ---------- */

let server: SyncServer;
let client: TestClient;
/** The second device (same user, another tablet), always online and without faults. */
let other: TestClient;
let typeKey: string;
/** The heat sample both devices edit (made once, as a plan of an approved quotation). */
let shared: { key: string; id: number };
let runCounter = 0;
/** What the runs exercised, so the property cannot silently stop covering merges. */
const seen = { settledAlone: 0, conflictsAnswered: 0, sampleMerged: 0, sampleMs: 0 };
let restarting: Promise<void> | null = null;
const stale: Promise<unknown>[] = [];

beforeAll(async () => {
  server = await startSyncServer();
  client = await openClient(server, { timeoutMs: TIMEOUT_MS });
  other = await openClient(server);
  await client.engine.drain();
  await other.engine.drain();
  typeKey = (await liveRecords(client.db, 'product_types'))[0]!.key;
  shared = await sharedSample();
});

/** Runs `work`, adding its time to what the shared sample costs the property (reported at the end). */
async function timed<T>(work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    seen.sampleMs += performance.now() - start;
  }
}

/** An approved quotation with one heat unit and its plan's sample, sent, and pulled by the other device. */
async function sharedSample(): Promise<{ key: string; id: number }> {
  const db = client.db;
  const customer = await saveRecord(db, 'customers', null, {
    name: 'Amostra compartilhada',
    type: 'corporate',
    email: 'a@usina.com.br',
    phone: '1133224455',
  });
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Calor', product_type_id: 4, quantity: 1, value: 50 }],
    total: 50,
  });
  await runCommand(db, 'quotations', quotationKey, 'status', { status: 'approved' });
  await client.engine.drain();
  const [key] = await saveRecords(db, planSaves((await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation));
  await client.engine.drain();
  await other.engine.drain();
  return { key: key!, id: (await db.records('samples').get(key!))!.id as number };
}
afterAll(async () => {
  await client?.close();
  await other?.close();
  await server?.close();
});

/**
 * A cost price no save of the run has used: a save always changes the price,
 * so "the later change holds" is what the user meant (a save back to an old
 * price would be no change at all to a three-way merge).
 */
const freshPrice = (model: Model, price: number) => ++model.counter * 10_000 + price;

const pick = <T extends { live: boolean }>(list: T[], index: number | null): T | undefined => {
  if (index === null) return undefined;
  const live = list.filter((item) => item.live);
  return live.length === 0 ? undefined : live[index % live.length];
};

function faultOf(spec: FaultSpec): FaultRule {
  const base = { method: spec.method, times: spec.times, path: '/api/' };
  const kinds: Record<FaultKind, () => FaultRule> = {
    drop: () => ({ ...base, fault: { kind: 'drop' } }),
    'lose-response': () => ({ ...base, fault: { kind: 'lose-response' } }),
    'error-500': () => ({ ...base, fault: { kind: 'status', status: 500, body: { message: 'Erro interno do servidor.' } } }),
    'too-many': () => ({ ...base, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } }),
    timeout: () => ({ ...base, times: 1, fault: { kind: 'hold-response', ms: TIMEOUT_MS + 200 } satisfies Fault }),
    'expire-token': () => ({
      ...base,
      times: 1,
      fault: { kind: 'delay', ms: 0 },
      onApply: () => server.clock.skip(server.config.accessTokenTtlSeconds * 1000 + 1_000),
    }),
    restart: () => ({
      ...base,
      times: 1,
      fault: { kind: 'drop' },
      onApply: () => {
        restarting ??= server.restart().finally(() => {
          restarting = null;
        });
      },
    }),
  };
  return kinds[spec.kind]();
}

async function apply(model: Model, op: Op): Promise<void> {
  const db = client.db;
  const name = (kind: string) => `${model.prefix} ${kind}${++model.counter}`;
  switch (op.op) {
    case 'createCategory': {
      const category: Category = { key: '', name: name('c'), live: true };
      category.key = await saveRecord(db, 'equipment_categories', null, { name: category.name });
      model.categories.push(category);
      return;
    }
    case 'renameCategory': {
      const category = pick(model.categories, op.target);
      if (!category) return;
      category.name = name('c');
      await saveRecord(db, 'equipment_categories', category.key, { name: category.name });
      return;
    }
    case 'deleteCategory': {
      const category = pick(model.categories, op.target);
      if (!category) return;
      await deleteRecord(db, 'equipment_categories', category.key);
      category.live = false;
      for (const item of model.equipment) if (item.category === category) item.category = null;
      return;
    }
    case 'createEquipment': {
      const category = pick(model.categories, op.category) ?? null;
      const item: Equipment = { key: '', name: name('e'), serial: null, category, live: true };
      item.key = await saveRecord(db, 'equipment', null, { name: item.name, category_key: category?.key ?? null });
      model.equipment.push(item);
      return;
    }
    case 'updateEquipment': {
      const item = pick(model.equipment, op.target);
      if (!item) return;
      item.category = pick(model.categories, op.category) ?? null;
      item.serial = op.serial ? `SN-${++model.counter}` : item.serial;
      await saveRecord(db, 'equipment', item.key, { serial_number: item.serial, category_key: item.category?.key ?? null });
      return;
    }
    case 'deleteEquipment': {
      const item = pick(model.equipment, op.target);
      if (!item) return;
      await deleteRecord(db, 'equipment', item.key);
      item.live = false;
      for (const line of model.lines) if (line.equipment === item) line.live = false;
      return;
    }
    case 'createAgent': {
      const agent: Agent = { key: '', name: name('a'), price: op.price, live: true };
      agent.key = await saveRecord(db, 'products', null, { name: agent.name, price: agent.price, type_key: typeKey });
      model.agents.push(agent);
      return;
    }
    case 'updateAgent': {
      const agent = pick(model.agents, op.target);
      if (!agent) return;
      agent.price = op.price;
      await saveRecord(db, 'products', agent.key, { price: agent.price });
      return;
    }
    case 'deleteAgent': {
      const agent = pick(model.agents, op.target);
      if (!agent) return;
      await deleteRecord(db, 'products', agent.key);
      agent.live = false;
      for (const line of model.lines) if (line.agent === agent) line.live = false;
      return;
    }
    case 'addLine': {
      const agent = pick(model.agents, op.agent);
      const equipment = pick(model.equipment, op.equipment);
      if (!agent || !equipment) return;
      const line: Line = { key: '', agent, equipment, quantity: op.quantity, live: true };
      line.key = await saveRecord(db, 'product_equipments', null, { product_key: agent.key, equipment_key: equipment.key, quantity: op.quantity });
      model.lines.push(line);
      return;
    }
    case 'updateLine': {
      const line = pick(model.lines, op.target);
      if (!line) return;
      line.quantity = op.quantity;
      await saveRecord(db, 'product_equipments', line.key, { quantity: op.quantity });
      return;
    }
    case 'deleteLine': {
      const line = pick(model.lines, op.target);
      if (!line) return;
      await deleteRecord(db, 'product_equipments', line.key);
      line.live = false;
      return;
    }
    case 'createCost': {
      const created = freshPrice(model, op.price);
      const cost: Cost = { key: '', name: name('k'), price: created, minePrice: created, otherPrice: null, live: true };
      cost.key = await saveRecord(db, 'costs', null, { name: cost.name, price: cost.price });
      model.costs.push(cost);
      return;
    }
    case 'updateCost': {
      const cost = pick(model.costs, op.target);
      if (!cost) return;
      cost.price = cost.minePrice = freshPrice(model, op.price);
      await saveRecord(db, 'costs', cost.key, { price: cost.price });
      return;
    }
    case 'deleteCost': {
      const cost = pick(model.costs, op.target);
      if (!cost) return;
      await deleteRecord(db, 'costs', cost.key);
      cost.live = false;
      return;
    }
    case 'otherRenameEquipment': {
      const item = pick(model.equipment, op.target);
      const record = item && (await onOtherDevice('equipment', item.key));
      if (!item || !record) return;
      item.name = name('o');
      await saveRecord(other.db, 'equipment', record.key, { name: item.name });
      await other.engine.drain({ timeoutMs: 30_000 });
      return;
    }
    case 'bothEditEquipment': {
      // Both devices edit one record on the server: a new serial here (sent at the next sync), a new name there (sent now).
      if (!pick(model.equipment, op.target)) await apply(model, { op: 'createEquipment', category: null });
      await client.engine.syncNow();
      const item = pick(model.equipment, op.target);
      if (!item || (await client.db.records('equipment').get(item.key))?.id == null) return;
      item.serial = `SN-${++model.counter}`;
      await saveRecord(db, 'equipment', item.key, { serial_number: item.serial });
      await apply(model, { op: 'otherRenameEquipment', target: model.equipment.filter((other) => other.live).indexOf(item) });
      return;
    }
    case 'bothEditCost': {
      // Both devices edit one record on the server: the price here (sent at the next sync), the price and/or name there (sent now).
      if (!pick(model.costs, op.target)) await apply(model, { op: 'createCost', price: op.price });
      await client.engine.syncNow();
      const cost = pick(model.costs, op.target);
      if (!cost || (await client.db.records('costs').get(cost.key))?.id == null) return;
      cost.price = cost.minePrice = freshPrice(model, op.price);
      await saveRecord(db, 'costs', cost.key, { price: cost.price });
      const index = model.costs.filter((other) => other.live).indexOf(cost);
      const otherPrice = op.other === 'none' ? null : op.other === 'same' ? cost.minePrice : op.price;
      await apply(model, { op: 'otherEditCost', target: index, price: otherPrice, rename: op.rename, exact: op.other === 'same' });
      return;
    }
    case 'otherEditCost': {
      const cost = pick(model.costs, op.target);
      const record = cost && (await onOtherDevice('costs', cost.key));
      if (!cost || !record || (op.price === null && !op.rename)) return;
      const changes: RecordFields = {};
      if (op.rename) changes.name = cost.name = name('o');
      if (op.price !== null) changes.price = cost.price = cost.otherPrice = op.exact ? op.price : freshPrice(model, op.price);
      await saveRecord(other.db, 'costs', record.key, changes);
      await other.engine.drain({ timeoutMs: 30_000 });
      return;
    }
    case 'sync': {
      for (const spec of op.faults) server.proxy.inject(faultOf(spec));
      await client.engine.syncNow();
      await restarting;
      server.proxy.clearFaults();
      return;
    }
    case 'sampleEdit':
    case 'bothEditSample':
      if (model.sample) await timed(() => applySampleOp(client, other, model.sample!, op));
      return;
    case 'createQuotation':
    case 'editQuotation':
    case 'statusQuotation':
    case 'duplicateQuotation':
    case 'deleteQuotation':
      await applyQuotationOp(db, model.documents, op, name);
      return;
    case 'reload': {
      // The tab goes away while a push may be under way; its requests may still land.
      stale.push(client.engine.syncNow());
      await new Promise((resolve) => setTimeout(resolve, op.afterMs));
      client = await client.reload();
      return;
    }
  }
}

/**
 * The second device's copy of a record the first device has pushed (after
 * pulling), or undefined when it is not on the server (not pushed yet, or
 * deleted there).
 */
async function onOtherDevice(resource: string, key: string) {
  await restarting;
  const mine = await client.db.records(resource).get(key);
  if (!mine || mine.id === null) return undefined;
  await other.engine.drain({ timeoutMs: 30_000 });
  return readRecordById(other.db, resource, mine.id);
}

/**
 * The user answers every conflict left: a delete is sent anyway (the model
 * deleted it); an update's price, the only field both devices edit, takes
 * the side `keepMine` draws for the cost, and the model follows. A field
 * changed on one side only is never asked about.
 */
async function resolveConflicts(model: Model, keepMine: (key: string) => boolean): Promise<boolean> {
  const conflicts = (await readPendingChanges(client.db)).filter((change) => change.status === 'conflict');
  for (const change of conflicts) {
    if (change.op === 'delete') {
      await resolveConflict(client.db, change.seq, 'mine');
      continue;
    }
    const cost = change.resource === 'costs' ? model.costs.find((item) => item.key === change.key) : undefined;
    const fields = change.conflict!.map((field) => field.field);
    expect(fields, `${change.resource} ${change.title}: only the price is edited on both devices`).toEqual(cost ? ['price'] : []);
    const choice = keepMine(change.key) ? 'mine' : 'theirs';
    seen.conflictsAnswered += 1;
    if (cost) cost.price = choice === 'mine' ? cost.minePrice : cost.otherPrice!;
    await resolveConflict(client.db, change.seq, Object.fromEntries(fields.map((field) => [field, choice])));
  }
  return conflicts.length > 0;
}

/* ---------- the check ---------- */

async function serverGet(path: string): Promise<unknown> {
  const token = (await client.auth.getAccessToken())!;
  const response = await fetch(`${server.directUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.json();
}

async function serverList(path: string): Promise<RecordFields[]> {
  const body = (await serverGet(path)) as RecordFields[] | { list: RecordFields[] };
  return Array.isArray(body) ? body : body.list;
}

const sorted = <T>(items: T[]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

async function expectConvergedRun(model: Model): Promise<void> {
  const db = client.db;
  expect(await db.outbox.toArray(), 'nothing left to send').toEqual([]);
  const search = encodeURIComponent(model.prefix);
  const categories = (await serverList('api/equipment/categories')).filter((record) => String(record.name).startsWith(model.prefix));
  const equipment = await serverList(`api/equipment/all/0/1000?search=${search}`);
  const agents = await serverList(`api/product/all/0/1000?search=${search}`);
  const costs = await serverList(`api/cost/all/0/1000?search=${search}`);
  const categoryName = new Map(categories.map((record) => [record.id, record.name]));
  const equipmentName = new Map(equipment.map((record) => [record.id, record.name]));

  // The server holds exactly the intended records, once, with their latest fields and relations.
  const live = <T extends { live: boolean }>(list: T[]) => list.filter((item) => item.live);
  expect(sorted(categories.map((record) => record.name))).toEqual(sorted(live(model.categories).map((item) => item.name)));
  expect(sorted(equipment.map((record) => [record.name, record.serial_number, categoryName.get(record.category_id) ?? null]))).toEqual(
    sorted(live(model.equipment).map((item) => [item.name, item.serial, item.category?.name ?? null])),
  );
  expect(sorted(costs.map((record) => [record.name, record.price]))).toEqual(sorted(live(model.costs).map((item) => [item.name, item.price])));
  const linesOf = (lines: { equipment: unknown; quantity: unknown }[]) => sorted(lines.map((line) => [line.equipment, line.quantity]));
  expect(
    sorted(
      agents.map((record) => [
        record.name,
        record.price,
        linesOf((record.equipments as RecordFields[]).map((line) => ({ equipment: equipmentName.get(line.equipment_id), quantity: line.quantity }))),
      ]),
    ),
  ).toEqual(
    sorted(
      live(model.agents).map((agent) => [
        agent.name,
        agent.price,
        linesOf(
          live(model.lines)
            .filter((line) => line.agent === agent)
            .map((line) => ({ equipment: line.equipment.name, quantity: line.quantity })),
        ),
      ]),
    ),
  );

  // The local store agrees: the same records under the same server ids, nothing extra.
  const checks: Array<[string, RecordFields[], { key: string; name: string; live: boolean }[]]> = [
    ['equipment_categories', categories, model.categories],
    ['equipment', equipment, model.equipment],
    ['products', agents, model.agents],
    ['costs', costs, model.costs],
  ];
  for (const [resource, remote, items] of checks) {
    for (const item of items) {
      const local = await readRecord(db, resource, item.key);
      if (!item.live) {
        expect(local, `${resource} ${item.name} deleted locally`).toBeUndefined();
        continue;
      }
      const onServer = remote.find((record) => record.name === item.name);
      expect(local, `${resource} ${item.name} on the device`).toMatchObject({ id: onServer?.id, name: item.name });
    }
    const page = await readPage(db, resource, { search: model.prefix, pageSize: 1000 });
    expect(page.total, `${resource}: no extra local records`).toBe(remote.length);
  }
  for (const agent of live(model.agents)) {
    const onServer = agents.find((record) => record.name === agent.name)!;
    const localLines = await readChildren(db, 'product_equipments', agent.key);
    expect(sorted(localLines.map((line) => [line.id, line.equipment_id, line.quantity]))).toEqual(
      sorted((onServer.equipments as RecordFields[]).map((line) => [line.id, line.equipment_id, line.quantity])),
    );
  }
  await expectQuotationsConverged(db, model.documents, serverList, model.prefix);
  if (model.sample) await timed(() => expectSampleConverged(client, other, model.sample!, async (path) => (await serverGet(path)) as RecordFields));
}

it(
  `converges after random offline edits, faults and reloads (${RUNS} runs)`,
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 14 }), fc.func(fc.boolean()), async (ops, keepMine) => {
        const model: Model = {
          prefix: `p${++runCounter}z`,
          counter: 0,
          categories: [],
          equipment: [],
          agents: [],
          lines: [],
          costs: [],
          documents: emptyQuotationModel(),
          sample: null,
        };
        const logStart = server.proxy.log.length;
        try {
          if (ops.some(isSampleOp)) model.sample = await timed(() => sampleModel(client, other, shared.key, shared.id));
          for (const op of ops) await apply(model, op);
          server.proxy.clearFaults();
          await restarting;
          await client.engine.drain({ timeoutMs: 30_000 });
          if (stale.length > 0) {
            // A reloaded tab's last requests may land after the new engine settled: settle again after them.
            await Promise.all(stale.splice(0));
            await client.engine.drain({ timeoutMs: 30_000 });
          }
          // A choice may meet another edit made meanwhile: answer until none is left.
          for (let round = 0; round < 3 && (await resolveConflicts(model, keepMine)); round += 1) {
            await client.engine.drain({ timeoutMs: 30_000 });
          }
          await expectConvergedRun(model);
          // A PUT answered 409 and then sent again without the user: merged alone.
          const puts = server.proxy.log.slice(logStart).filter((request) => request.method === 'PUT');
          const merged = puts.filter(
            (request, index) => request.status === 409 && puts.slice(index + 1).some((later) => later.path === request.path && later.status === 200),
          );
          seen.settledAlone += merged.length;
          seen.sampleMerged += merged.filter((request) => request.path.startsWith('/api/sample/')).length;
        } catch (error) {
          // A failure that depends on timing may not replay from its seed: keep the run's requests as evidence.
          const requests = server.proxy.log
            .slice(logStart)
            .map((request) => [request.method, request.path, request.fault ?? '-', request.status ?? '-', request.idempotencyKey ?? '-'].join(' '));
          console.error(`run ${model.prefix} failed: ${JSON.stringify(ops)}\n${requests.join('\n')}`);
          throw error;
        }
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    console.info(
      `merges: ${seen.settledAlone} 409s settled without the user (${seen.sampleMerged} inside a sample's blocks), ${seen.conflictsAnswered} conflicts answered per field; the shared sample's own steps took ${Math.round(seen.sampleMs / 1000)} s`,
    );
    // 200 runs saw about 160 merged 409s, 35 of them in a sample, and 30 conflicts: 50 runs see each (all three seen but for about 1 run in 2,000).
    if (RUNS >= 50 && SEED === undefined) {
      expect(seen.settledAlone, 'some runs merged a 409 alone').toBeGreaterThan(0);
      expect(seen.sampleMerged, 'some runs merged two devices’ edits inside a sample’s blocks').toBeGreaterThan(0);
      expect(seen.conflictsAnswered, 'some runs asked about a field changed on both devices').toBeGreaterThan(0);
    }
  },
  15 * 60_000,
);
