/**
 * 'Exportar dados não enviados' / 'Importar dados' against the real server
 * (docs/decisions/unsent-data-export.md). A tablet works offline on records
 * it pulled and on records it creates (a cost, a sampling plan with an
 * edited sample and a photo, an edit and a duplicate of a quotation, a
 * draft), exports, and a fresh device of the same user imports the file
 * and syncs: the server has each write once, whichever device delivers
 * first, and the exporting device later finds everything already done. An
 * administrator's import of a technician's file counts under the
 * technician's idempotency keys. Files from another user, damaged files and
 * files from a newer version are refused with a Portuguese sentence and
 * change nothing; an import of entries already on the device adds nothing;
 * a record with unsent changes on both sides refuses the import.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quotationSchema, type Quotation } from '@sync/contract/quotations';
import { sampleSchema, type Sample } from '@sync/contract/samples';
import { runCommand } from '@sync/engine/commands';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { collectUnsentData, exportUnsentData, unsentFileName } from '@sync/engine/unsent-export';
import { CONTRACT_VERSION, STORE_VERSION, UNSENT_MESSAGES, type TransferUser } from '@sync/engine/unsent-format';
import { importUnsentData } from '@sync/engine/unsent-import';
import type { SyncDatabase } from '@sync/store/database';
import { draftKey, readDraft, writeDraft } from '@sync/store/drafts';
import type { LocalQuotation } from '@sync/store/registry';
import { idempotencyKeys, users } from '@server/db/schema';
import { insertUser } from '@server/db/demo/records';
import { planSaves } from '@/entities/sample/plan';
import { liveRecords } from './support/convergence';
import { PasswordAuth, type TestClient } from './support/sync-client';
import { ADMIN } from './support/sync-server';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server, device } = bed;
const PASSWORD = 'senha-de-teste-1';
const RUN = Date.now().toString(36);

let adminUser: TransferUser | null = null;
async function admin(): Promise<TransferUser> {
  if (!adminUser) {
    const [row] = await server.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, ADMIN.username));
    adminUser = { id: row!.id, username: ADMIN.username, name: row!.name, isAdmin: true };
  }
  return adminUser;
}

let technicians = 0;
/** A field technician of the test's own, signed in on a fresh device (drained). */
async function technicianDevice(): Promise<{ client: TestClient; user: TransferUser }> {
  technicians += 1;
  const username = `tecnico.${RUN}.${technicians}`;
  const name = `Técnico ${technicians}`;
  const id = await insertUser(server.db, { name, username, email: `${username}@empresa.com.br`, password: PASSWORD, roleSlug: 'tecnico-de-campo' });
  const auth = new PasswordAuth(() => server.url, username, PASSWORD);
  await auth.signIn();
  return { client: await bed.device({ auth }), user: { id, username, name, isAdmin: false } };
}

async function serverGet<T>(client: TestClient, path: string): Promise<T> {
  const response = await fetch(`${server.directUrl}/${path}`, { headers: { authorization: `Bearer ${await client.auth.getAccessToken()}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const serverQuotations = async (client: TestClient, search: string): Promise<Quotation[]> =>
  (await serverGet<{ list: unknown[] }>(client, `api/quotation/all/0/100?search=${encodeURIComponent(search)}`)).list.map((q) =>
    quotationSchema.parse(q),
  );
const serverSamples = async (client: TestClient, quotationId: number): Promise<Sample[]> =>
  (await serverGet<{ list: unknown[] }>(client, `api/sample/all/0/100?quotation_id=${quotationId}`)).list.map((s) => sampleSchema.parse(s));
const serverCosts = async (client: TestClient, name: string) =>
  (await serverGet<{ list: Array<{ name: string; price: number }> }>(client, `api/cost/all/0/100?search=${encodeURIComponent(name)}`)).list;

const JPEG = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 90, b: 40 } } })
  .jpeg()
  .toBuffer();

interface Office {
  /** A quotation in 'open', to edit and duplicate. */
  quotationName: string;
  quotationId: number;
  /** An approved quotation, whose sampling plan the tablet makes offline. */
  planId: number;
}

/** The office prepares, through its own device: two customers' quotations, one approved. */
async function office(label: string): Promise<Office> {
  const client = await device();
  const name = `Fundição ${label} ${RUN}`;
  const customer = await saveRecord(client.db, 'customers', null, { name, type: 'corporate', email: 'compras@fundicao.com.br', phone: '1932321010' });
  const open = await saveRecord(client.db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Poeira', quantity: 1, value: 100 }],
    total: 100,
  });
  const plan = await saveRecord(client.db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 2, value: 100 }],
    total: 200,
  });
  await runCommand(client.db, 'quotations', plan, 'status', { status: 'approved' });
  await client.engine.drain();
  const idOf = async (key: string) => (await client.db.records('quotations').get(key))!.id as number;
  return { quotationName: name, quotationId: await idOf(open), planId: await idOf(plan) };
}

const byId = async (db: SyncDatabase, resource: string, id: number) => (await liveRecords(db, resource)).find((record) => record.id === id)!;

/** At the client's site, without a connection: every kind of change on records pulled and created here. */
async function fieldWork(tablet: TestClient, prepared: Office, costName: string): Promise<{ sampleKey: string }> {
  const db = tablet.db;
  await saveRecord(db, 'costs', null, { name: costName, price: 42.5 });
  const quotation = await byId(db, 'quotations', prepared.quotationId);
  await saveRecord(db, 'quotations', quotation.key, { comment: 'Revisar com o cliente' });
  await runCommand(db, 'quotations', quotation.key, 'duplicate');
  const plan = (await byId(db, 'quotations', prepared.planId)) as unknown as LocalQuotation;
  const [sampleKey] = await saveRecords(db, planSaves(plan));
  await saveRecord(db, 'samples', sampleKey!, { caracterization: { employee: 'João Pereira', ghe: 'GHE 1' } });
  await saveRecords(db, [
    {
      resource: 'sample_files',
      key: null,
      fields: { name: 'foto-1.jpg', sample_key: sampleKey },
      file: { blob: new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), fileName: 'foto-1.jpg', type: 'image/jpeg' },
    },
  ]);
  // Typed on the quotation's page, not saved: travels with the file, on the importing device's key.
  await writeDraft(db, {
    key: draftKey('quotations', quotation.key),
    fields: { comment: 'Rascunho do técnico' },
    tab: null,
    updated_at: new Date().toISOString(),
  });
  return { sampleKey: sampleKey! };
}

/** The server has each of the field work's writes once. */
async function expectOnceOnServer(client: TestClient, prepared: Office, costName: string): Promise<void> {
  const costs = await serverCosts(client, costName);
  expect(costs.map((cost) => [cost.name, cost.price])).toEqual([[costName, 42.5]]);
  const quotations = await serverQuotations(client, prepared.quotationName);
  // The open quotation, its one copy, and the approved one.
  expect(quotations).toHaveLength(3);
  expect(quotations.find((q) => q.id === prepared.quotationId)).toMatchObject({ comment: 'Revisar com o cliente' });
  const samples = await serverSamples(client, prepared.planId);
  expect(samples.map((sample) => sample.plan_unit).sort()).toEqual([1, 2]);
  const edited = samples.filter((sample) => sample.employee === 'João Pereira');
  expect(edited).toHaveLength(1);
  expect(edited[0]!.files.map((file) => file.name)).toEqual(['foto-1.jpg']);
  expect(samples.flatMap((sample) => sample.files)).toHaveLength(1);
}

/** What a device holds of the plan, by server id: each sample once, the photo once. */
async function expectConvergedPlan(client: TestClient, prepared: Office): Promise<void> {
  const onServer = await serverSamples(client, prepared.planId);
  const local = (await liveRecords(client.db, 'samples')).filter((sample) => sample.quotation_id === prepared.planId);
  expect(local.map((sample) => sample.id).sort()).toEqual(onServer.map((sample) => sample.id).sort());
  const photos = (await liveRecords(client.db, 'sample_files')).filter(
    (file) => file.name === 'foto-1.jpg' && local.some((s) => s.key === file.sample_key),
  );
  expect(photos.map((photo) => photo.id)).toEqual([onServer.flatMap((sample) => sample.files)[0]!.id]);
  expect(await client.db.outbox.count()).toBe(0);
}

async function exportText(db: SyncDatabase, user: TransferUser): Promise<string> {
  const exported = await exportUnsentData(db, user);
  expect(exported).not.toBeNull();
  return exported!.blob.text();
}

describe('export on one device, import on a fresh device of the same user', () => {
  it('delivers every write once when the importing device syncs first, and the exporting device later finds them done', async () => {
    const prepared = await office('Importada');
    const costName = `Custo exportado ${RUN}`;
    const tablet = await device();
    const { sampleKey } = await fieldWork(tablet, prepared, costName);
    const me = await admin();
    const exported = await collectUnsentData(tablet.db, me);
    // 1 cost, the edit and the duplicate, 2 samples (the edit merged into its create), the photo; one draft; the photo's bytes.
    expect(exported.counts).toEqual({ changes: 6, files: 1, drafts: 1 });
    expect(exported.file).toMatchObject({
      format: 'higiene-dados-nao-enviados',
      format_version: 1,
      contract_version: CONTRACT_VERSION,
      store_version: STORE_VERSION,
    });
    expect(exported.file.user).toEqual({ id: me.id, username: 'admin', name: me.name });
    // The outbox entries travel with their idempotency keys.
    const keys = (await tablet.db.outbox.toArray()).map((entry) => entry.idempotency_key);
    expect(exported.file.entries.map((entry) => entry.idempotency_key)).toEqual(keys);
    // Exported, they may reach the server from either device: neither rewrites them any more.
    expect((await tablet.db.outbox.toArray()).map((entry) => entry.attempts)).toEqual(keys.map(() => 1));
    await saveRecord(tablet.db, 'costs', (await liveRecords(tablet.db, 'costs')).find((cost) => cost.name === costName)!.key, { price: 42.5 });
    expect(await tablet.db.outbox.count()).toBe(keys.length + 1);

    const fresh = await device();
    const result = await importUnsentData(fresh.db, JSON.stringify(exported.file), me);
    expect(result).toEqual({ imported: { changes: 6, files: 1, drafts: 1 }, alreadyHere: 0 });
    expect((await fresh.db.outbox.toArray()).map((entry) => entry.idempotency_key)).toEqual(keys);
    // Each row keeps the contract stamp it was written with on the tablet.
    expect((await fresh.db.outbox.toArray()).map((entry) => entry.contract_version)).toEqual(keys.map(() => CONTRACT_VERSION));
    // The draft is on this device's key of the quotation (each device keys what it pulls).
    const quotationHere = await byId(fresh.db, 'quotations', prepared.quotationId);
    expect(await readDraft(fresh.db, draftKey('quotations', quotationHere.key))).toMatchObject({ fields: { comment: 'Rascunho do técnico' } });
    // The photo's bytes came with it; the edited sample keeps its local key, so its page opens here.
    expect(
      (
        await fresh.db.files
          .where('[owner_resource+owner_key]')
          .equals(['sample_files', (await fresh.db.outbox.where('resource').equals('sample_files').first())!.key])
          .first()
      )?.blob.size,
    ).toBe(JPEG.length);
    expect(await fresh.db.records('samples').get(sampleKey)).toMatchObject({ employee: 'João Pereira' });

    await fresh.engine.drain();
    await expectOnceOnServer(fresh, prepared, costName);
    await expectConvergedPlan(fresh, prepared);

    // The exporting tablet comes back online: its copies of the same writes replay, nothing twice.
    await tablet.engine.drain();
    await expectOnceOnServer(tablet, prepared, costName);
    await expectConvergedPlan(tablet, prepared);
  });

  it('adds nothing twice when the exporting device delivered first, and the importing device ends with one copy of each record', async () => {
    const prepared = await office('Entregue');
    const costName = `Custo entregue ${RUN}`;
    const tablet = await device();
    await fieldWork(tablet, prepared, costName);
    const me = await admin();
    const text = await exportText(tablet.db, me);
    await tablet.engine.drain();
    await expectOnceOnServer(tablet, prepared, costName);

    // The fresh device has already pulled what the tablet delivered; the import replays it.
    const fresh = await device();
    await importUnsentData(fresh.db, text, me);
    await fresh.engine.drain();
    await expectOnceOnServer(fresh, prepared, costName);
    await expectConvergedPlan(fresh, prepared);
    const costs = (await liveRecords(fresh.db, 'costs')).filter((cost) => cost.name === costName);
    expect(costs).toHaveLength(1);
    expect(await byId(fresh.db, 'quotations', prepared.quotationId)).toMatchObject({ comment: 'Revisar com o cliente' });
  });
});

describe("an administrator imports a technician's file", () => {
  it("counts each write under the technician's keys: once, whether the administrator or the technician delivers first", async () => {
    const { client: technician, user } = await technicianDevice();
    const name = `Cliente do campo ${RUN}`;
    await saveRecord(technician.db, 'customers', null, { name, type: 'corporate', email: 'campo@cliente.com.br', phone: '1133334444' });
    const [entry] = await technician.db.outbox.toArray();

    const office = await device();
    const result = await importUnsentData(office.db, await exportText(technician.db, user), await admin());
    expect(result.imported.changes).toBe(1);
    expect((await office.db.outbox.toArray()).map((e) => e.idempotency_key)).toEqual([`user-${user.id}:${entry!.idempotency_key}`]);
    await office.engine.drain();
    await technician.engine.drain();

    const customers = await serverGet<{ list: Array<{ id: number; name: string }> }>(
      office,
      `api/customer/all/0/100?search=${encodeURIComponent(name)}`,
    );
    expect(customers.list.map((customer) => customer.name)).toEqual([name]);
    const stored = await server.db
      .select({ user_id: idempotencyKeys.user_id })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, entry!.idempotency_key));
    expect(stored).toEqual([{ user_id: user.id }]);
    expect((await liveRecords(technician.db, 'customers')).filter((c) => c.name === name).map((c) => c.id)).toEqual([customers.list[0]!.id]);
    expect(await technician.db.outbox.count()).toBe(0);
  });
});

describe('files the import refuses, changing nothing', () => {
  async function snapshot(db: SyncDatabase) {
    return { outbox: await db.outbox.toArray(), costs: await db.records('costs').count(), files: await db.files.count() };
  }

  it('refuses another user’s file, a damaged file and a file from a newer version, each with its sentence', async () => {
    const { client: technician, user } = await technicianDevice();
    await saveRecord(technician.db, 'customers', null, {
      name: `Recusado ${RUN}`,
      type: 'corporate',
      email: 'r@cliente.com.br',
      phone: '1133334444',
    });
    await saveRecords(technician.db, [
      {
        resource: 'customer_files',
        key: null,
        fields: { name: 'laudo.pdf', customer_key: (await liveRecords(technician.db, 'customers')).find((c) => c.name === `Recusado ${RUN}`)!.key },
        file: { blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), fileName: 'laudo.pdf', type: 'application/pdf' },
      },
    ]);
    const text = await exportText(technician.db, user);
    const valid = JSON.parse(text) as Record<string, unknown> & { files: Array<Record<string, unknown>>; entries: Array<Record<string, unknown>> };

    const { client: colleague, user: colleagueUser } = await technicianDevice();
    await saveRecord(colleague.db, 'customers', null, {
      name: `Do colega ${RUN}`,
      type: 'corporate',
      email: 'c@cliente.com.br',
      phone: '1133334444',
    });
    const before = await snapshot(colleague.db);

    const cases: Array<[string, string, string]> = [
      ['another user', text, UNSENT_MESSAGES.otherUser(user.name)],
      ['not JSON', 'isto não é um arquivo', UNSENT_MESSAGES.corrupt],
      ['JSON of another shape', JSON.stringify({ nome: 'planilha' }), UNSENT_MESSAGES.corrupt],
      ['a truncated file', text.slice(0, Math.floor(text.length / 2)), UNSENT_MESSAGES.corrupt],
      [
        'bytes that are not base64',
        JSON.stringify({
          ...valid,
          user: { ...(valid.user as object), id: colleagueUser.id },
          files: valid.files.map((f) => ({ ...f, data: '@@@' })),
        }),
        UNSENT_MESSAGES.corrupt,
      ],
      [
        'a resource this app does not sync',
        JSON.stringify({
          ...valid,
          user: { ...(valid.user as object), id: colleagueUser.id },
          entries: valid.entries.map((e) => ({ ...e, resource: 'planetas' })),
        }),
        UNSENT_MESSAGES.corrupt,
      ],
      ['a newer store version', JSON.stringify({ ...valid, store_version: STORE_VERSION + 1 }), UNSENT_MESSAGES.newer],
      ['a newer contract version', JSON.stringify({ ...valid, contract_version: CONTRACT_VERSION + 1 }), UNSENT_MESSAGES.newer],
      [
        'an entry queued by a newer contract',
        JSON.stringify({ ...valid, entries: valid.entries.map((e) => ({ ...e, contract_version: CONTRACT_VERSION + 1 })) }),
        UNSENT_MESSAGES.newer,
      ],
      ['a newer format', JSON.stringify({ ...valid, format_version: 2, entries: 'formato novo' }), UNSENT_MESSAGES.newer],
    ];
    for (const [label, content, message] of cases) {
      await expect(importUnsentData(colleague.db, content, colleagueUser), label).rejects.toMatchObject({ code: 'validation', message });
      expect(await snapshot(colleague.db), label).toEqual(before);
    }
  });

  it('refuses a file touching a record this device also has unsent changes on, naming it', async () => {
    const prepared = await office('Ocupada');
    const tablet = await device();
    const quotation = await byId(tablet.db, 'quotations', prepared.quotationId);
    await saveRecord(tablet.db, 'quotations', quotation.key, { comment: 'Do tablet' });
    const me = await admin();
    const text = await exportText(tablet.db, me);

    const desk = await device();
    const here = await byId(desk.db, 'quotations', prepared.quotationId);
    await saveRecord(desk.db, 'quotations', here.key, { comment: 'Da mesa' });
    const before = await snapshot(desk.db);
    await expect(importUnsentData(desk.db, text, me)).rejects.toMatchObject({
      code: 'validation',
      message: UNSENT_MESSAGES.busyRecords(`Orçamento "Nº ${String(here.reference_no)} — ${prepared.quotationName}"`),
    });
    expect(await snapshot(desk.db)).toEqual(before);
    expect((await desk.db.records('quotations').get(here.key))!.comment).toBe('Da mesa');
  });
});

describe('entries the device already has', () => {
  it('are not added again: the exporting device importing its own file, and a second import of the same file', async () => {
    const tablet = await device();
    const me = await admin();
    for (const name of ['A', 'B']) await saveRecord(tablet.db, 'costs', null, { name: `Custo ${name} ${RUN}`, price: 3 });
    const text = await exportText(tablet.db, me);
    const outbox = await tablet.db.outbox.toArray();
    expect(await importUnsentData(tablet.db, text, me)).toEqual({ imported: { changes: 0, files: 0, drafts: 0 }, alreadyHere: 2 });
    expect(await tablet.db.outbox.toArray()).toEqual(outbox);

    const fresh = await device();
    expect((await importUnsentData(fresh.db, text, me)).imported.changes).toBe(2);
    const imported = await fresh.db.outbox.toArray();
    expect(await importUnsentData(fresh.db, text, me)).toEqual({ imported: { changes: 0, files: 0, drafts: 0 }, alreadyHere: 2 });
    expect(await fresh.db.outbox.toArray()).toEqual(imported);
    // Even once delivered (the outbox is empty): the same file does not queue them again.
    await fresh.engine.drain();
    expect(await importUnsentData(fresh.db, text, me)).toEqual({ imported: { changes: 0, files: 0, drafts: 0 }, alreadyHere: 2 });
    expect(await fresh.db.outbox.count()).toBe(0);
  });
});

describe('a file written before rows were stamped with their contract version', () => {
  it('is imported with its rows unstamped (read as the old contract), and delivered', async () => {
    const tablet = await device();
    const me = await admin();
    const name = `Custo antigo ${RUN}`;
    await saveRecord(tablet.db, 'costs', null, { name, price: 7 });
    const file = JSON.parse(await exportText(tablet.db, me)) as {
      entries: Array<Record<string, unknown>>;
      records: Array<{ record: Record<string, unknown> }>;
    };
    for (const entry of file.entries) delete entry.contract_version;
    for (const { record } of file.records) delete record._contract_version;

    const fresh = await device();
    expect((await importUnsentData(fresh.db, JSON.stringify(file), me)).imported.changes).toBe(1);
    const [entry] = await fresh.db.outbox.toArray();
    expect(entry).not.toHaveProperty('contract_version');
    expect(await fresh.db.records('costs').get(entry!.key)).not.toHaveProperty('_contract_version');
    await fresh.engine.drain();
    expect((await serverCosts(fresh, name)).map((cost) => cost.name)).toEqual([name]);
  });
});

describe('the file name', () => {
  it.each([
    ['tiago.tecnico', '2026-11-21T13:05:00Z', 'dados-nao-enviados-tiago.tecnico-21-11-2026-1005.json'],
    ['Maria Souza', '2026-11-22T02:30:00Z', 'dados-nao-enviados-maria-souza-21-11-2026-2330.json'],
    ['***', '2026-01-01T12:00:00Z', 'dados-nao-enviados-usuario-01-01-2026-0900.json'],
  ])('%s at %s → %s (Brasília time)', (username, at, name) => {
    expect(unsentFileName(username, new Date(at))).toBe(name);
  });
});
