/**
 * A quotation made offline, as a document with nested lines, and its
 * commands, through the real server behind a misbehaving network: a new
 * customer and a quotation for it with agent rows, services, costs,
 * equipment and deadlines, its status changed and the quotation duplicated
 * and then edited — all offline — then synced through a dropped create and
 * lost answers on every kind of request. Afterwards the server holds one
 * customer and two quotations with the right totals, the status changed
 * once (one Idempotency-Key across its retries), the copy made once, and the
 * device agrees with nothing left to send. A status change goes with
 * If-Match: settled alone when the quotation was only edited elsewhere, a
 * conflict the user settles when its status was changed elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { quotationSchema, type Quotation } from '@sync/contract/quotations';
import { runCommand } from '@sync/engine/commands';
import { discardEntry, resolveConflict } from '@sync/engine/entry-actions';
import { readPendingChanges } from '@sync/engine/reports';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const { server, device, reload } = useSyncServer();

const token = async (client: TestClient) => (await client.auth.getAccessToken())!;

async function serverQuotations(client: TestClient, search: string): Promise<Quotation[]> {
  const response = await fetch(`${server.directUrl}/api/quotation/all/0/100?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${await token(client)}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { list: unknown[] }).list.map((record) => quotationSchema.parse(record));
}

/** At the client's site, without a connection. */
async function offlineWork(db: SyncDatabase, name: string) {
  const customer = await saveRecord(db, 'customers', null, { name, type: 'corporate', email: 'compras@fundicao.com.br', phone: '(19) 3232-1010' });
  const quotation = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    valid_at: '2026-12-31',
    rows: [
      { name: 'Ruído contínuo', sector: 'Fundição', function: 'Forneiro', quantity: 3, value: 250 },
      { name: 'Sílica cristalina', sector: 'Moldagem', quantity: 2, value: 410.25, exposition_type_id: 2 },
      { name: null, quantity: 1, value: 50 }, // a blank row the form left: removed on save
    ],
    services: [{ name: 'Relatório técnico', quantity: 1, value: 900 }],
    costs: [{ name: 'Deslocamento', quantity: 2, value: 120.4 }],
    equipments: [{ name: 'Dosímetro', quantity: 3 }],
    deadlines: [{ activity: 'Campo', description: 'Três dias de medições' }],
    discount: 5,
    parcel: 3,
    total: 0,
  });
  await runCommand(db, 'quotations', quotation, 'status', { status: 'pending', markAsSent: true });
  await runCommand(db, 'quotations', quotation, 'duplicate');
  await saveRecord(db, 'quotations', quotation, { comment: 'Cliente pediu urgência' });
  return { customer, quotation };
}

// 3 × 250 + 2 × 410,25 + 1 × 900 + 2 × 120,40 = 2.711,30; 5 % off = 2.575,74 (rounded once); in 3 = 858,58.
const TOTALS = { subtotal: 2711.3, total: 2575.74, parcel_value: 858.58 };

describe('a quotation made offline with its commands', () => {
  it('arrives once, with its status changed once and one copy, through a dropped create and lost answers', async () => {
    const client = await device();
    const name = `Fundição Araújo ${Date.now().toString(36)}`;
    const work = await offlineWork(client.db, name);
    const local = (await client.db.records('quotations').get(work.quotation))!;
    expect(local).toMatchObject({ status: 'pending', customer_name: name, ...TOTALS });
    expect((local.rows as unknown[]).length).toBe(2);

    server.proxy.inject({ method: 'POST', path: /^\/api\/customer$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/quotation$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/quotation\/\d+\/status$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/quotation\/\d+\/status$/, fault: { kind: 'status', status: 503 } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/quotation\/duplicate\/\d+$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/quotation\/\d+$/, fault: { kind: 'lose-response' } });
    const before = server.proxy.log.length;
    await client.engine.drain();
    server.proxy.clearFaults();
    await client.engine.drain();

    // The server: two quotations for the one customer, right totals, the original pending and sent, the copy a draft.
    const found = await serverQuotations(client, name);
    expect(found).toHaveLength(2);
    const original = found.find((quotation) => quotation.status === 'pending')!;
    const copy = found.find((quotation) => quotation.id !== original.id)!;
    expect(original).toMatchObject({ ...TOTALS, comment: 'Cliente pediu urgência', customer_name: name, sent_at: expect.any(String) });
    expect(copy).toMatchObject({ ...TOTALS, status: 'open', comment: null, sent_at: null, customer_id: original.customer_id });
    expect(original.rows.map((row) => [row.name, row.total])).toEqual([
      ['Ruído contínuo', 750],
      ['Sílica cristalina', 820.5],
    ]);
    // The copy's lines are the same lines as new lines (new ids); every line has its id from the server.
    const withoutIds = (lines: ReadonlyArray<{ row_id: string }>) => lines.map(({ row_id: _id, ...line }) => line);
    expect(withoutIds(copy.rows)).toEqual(withoutIds(original.rows));
    expect(copy.rows.map((row) => row.row_id)).not.toContain(original.rows[0]!.row_id);
    const rowId = expect.stringMatching(/^[0-9a-f]{24}$/);
    expect(original.rows.map((row) => row.row_id)).toEqual([rowId, rowId]);
    expect(original.costs).toEqual([{ row_id: rowId, product_id: null, name: 'Deslocamento', quantity: 2, value: 120.4, total: 240.8 }]);
    expect(original.equipments).toEqual([{ row_id: rowId, equipment_id: null, name: 'Dosímetro', quantity: 3 }]);
    expect(original.deadlines).toEqual([{ row_id: rowId, activity: 'Campo', description: 'Três dias de medições' }]);

    // In order, each once: the quotation after its customer, the status and the copy after the quotation's
    // create, the edit last; every retry with its first key.
    const sent = server.proxy.log.slice(before).filter((request) => request.method !== 'GET' && request.fault !== 'drop');
    const first = (pattern: RegExp) => sent.findIndex((request) => pattern.test(`${request.method} ${request.path}`) && request.status !== null);
    expect(first(/^POST \/api\/customer$/)).toBeLessThan(first(/^POST \/api\/quotation$/));
    expect(first(/^POST \/api\/quotation$/)).toBeLessThan(first(/^PUT \/api\/quotation\/\d+\/status$/));
    expect(first(/^PUT \/api\/quotation\/\d+\/status$/)).toBeLessThan(first(/^POST \/api\/quotation\/duplicate\/\d+$/));
    expect(first(/^POST \/api\/quotation\/duplicate\/\d+$/)).toBeLessThan(first(/^PUT \/api\/quotation\/\d+$/));
    const keysOf = (pattern: RegExp) =>
      new Set(sent.filter((request) => pattern.test(`${request.method} ${request.path}`)).map((request) => request.idempotencyKey));
    const statusRequests = sent.filter((request) => /\/status$/.test(request.path));
    expect(statusRequests.length).toBe(3);
    expect(keysOf(/^PUT \/api\/quotation\/\d+\/status$/).size).toBe(1);
    expect(keysOf(/^POST \/api\/quotation\/duplicate\/\d+$/).size).toBe(1);
    // The edit went with If-Match on the version the status change left: no conflict.
    expect(sent.filter((request) => request.status === 409)).toEqual([]);

    // The device: nothing left to send; both quotations with their server ids, the copy included.
    expect(await client.db.outbox.toArray()).toEqual([]);
    const mine = (await liveRecords(client.db, 'quotations')).filter((record) => record.customer_key === work.customer);
    expect(mine.map((record) => record.id).sort()).toEqual([original.id, copy.id].sort());
    expect(mine.find((record) => record.key === work.quotation)).toMatchObject({
      id: original.id,
      status: 'pending',
      reference_no: original.reference_no,
      updated_at: original.updated_at,
      ...TOTALS,
    });
    expect(mine.find((record) => record.id === copy.id)).toMatchObject({ status: 'open', rows: copy.rows, updated_at: copy.updated_at });
  });

  it('two devices: a status change elsewhere is no conflict for an edit of the lines; two fields of one line merge; one leaf on both is one question, settled by the user', async () => {
    const a = await device();
    const name = `Cliente Dois ${Date.now().toString(36)}`;
    const customer = await saveRecord(a.db, 'customers', null, { name, type: 'individual', email: 'a@dois.com.br', phone: '1133224455' });
    const key = await saveRecord(a.db, 'quotations', null, {
      customer_key: customer,
      rows: [{ name: 'Ruído', quantity: 1, value: 100 }],
      total: 100,
    });
    await a.engine.drain();
    const b = await device();
    const [onB] = (await liveRecords(b.db, 'quotations')).filter((record) => record.customer_name === name);
    expect(onB).toMatchObject({ total: 100, rows: [expect.objectContaining({ name: 'Ruído', total: 100 })] });

    // B changes the status; A, not knowing, edits the lines: only the timestamp moved for A's fields.
    await runCommand(b.db, 'quotations', onB!.key, 'status', { status: 'approved' });
    await b.engine.drain();
    await saveRecord(a.db, 'quotations', key, { rows: [{ name: 'Ruído', quantity: 2, value: 100 }] });
    await a.engine.drain();
    expect(await a.db.outbox.toArray()).toEqual([]);
    let [onServer] = await serverQuotations(a, name);
    expect(onServer).toMatchObject({ status: 'approved', total: 200 });

    // One line, edited on both (by its row_id): B its unit value, A its quantity; B's arrives first. Both kept,
    // no question (the line's total and the quotation's follow them, never a question).
    const line = async (client: TestClient, record: string) =>
      ((await client.db.records('quotations').get(record))!.rows as Record<string, unknown>[])[0]!;
    await b.engine.drain();
    const rowId = (await line(b, onB!.key)).row_id as string;
    expect(rowId).not.toBe('');
    await saveRecord(b.db, 'quotations', onB!.key, { rows: [{ ...(await line(b, onB!.key)), value: 50 }] });
    await b.engine.drain();
    await saveRecord(a.db, 'quotations', key, { rows: [{ ...(await line(a, key)), quantity: 3 }] });
    await a.engine.drain();
    expect(await a.db.outbox.toArray()).toEqual([]);
    [onServer] = await serverQuotations(a, name);
    expect(onServer).toMatchObject({
      status: 'approved',
      total: 150,
      rows: [expect.objectContaining({ row_id: rowId, quantity: 3, value: 50, total: 150 })],
    });

    // Both change its quantity: A's is one question, on that leaf, labelled; A keeps its own.
    await b.engine.drain();
    await saveRecord(b.db, 'quotations', onB!.key, { rows: [{ ...(await line(b, onB!.key)), quantity: 4 }] });
    await b.engine.drain();
    await saveRecord(a.db, 'quotations', key, { rows: [{ ...(await line(a, key)), quantity: 6 }] });
    await a.engine.drain();
    const [change] = await readPendingChanges(a.db);
    expect(change).toMatchObject({ status: 'conflict' });
    expect(change!.conflict!.map((field) => [field.field, field.label, field.mine, field.theirs])).toEqual([
      [`rows/${rowId}/quantity`, 'Agentes — linha 1 — Quantidade', 6, 4],
    ]);
    await resolveConflict(a.db, change!.seq, 'mine');
    await a.engine.drain();
    [onServer] = await serverQuotations(a, name);
    expect(onServer).toMatchObject({
      status: 'approved',
      total: 300,
      rows: [expect.objectContaining({ row_id: rowId, quantity: 6, value: 50, total: 300 })],
    });
    await b.engine.drain();
    expect((await b.db.records('quotations').get(onB!.key))!).toMatchObject({ total: 300, status: 'approved', updated_at: onServer!.updated_at });
  });

  it('a status change goes with If-Match: an edit elsewhere settles alone; a status changed elsewhere is a conflict the user settles', async () => {
    const a = await device();
    const name = `Cliente Status ${Date.now().toString(36)}`;
    const customer = await saveRecord(a.db, 'customers', null, { name, type: 'individual', email: 'a@status.com.br', phone: '1133224455' });
    const fields = { customer_key: customer, rows: [{ name: 'Ruído', quantity: 1, value: 100 }], total: 100 };
    const [edited, taken, kept] = [
      await saveRecord(a.db, 'quotations', null, fields),
      await saveRecord(a.db, 'quotations', null, { ...fields, comment: 'segundo' }),
      await saveRecord(a.db, 'quotations', null, { ...fields, comment: 'terceiro' }),
    ];
    await a.engine.drain();
    const b = await device();
    const onB = async (key: string) => {
      const id = (await a.db.records('quotations').get(key))!.id;
      return (await liveRecords(b.db, 'quotations')).find((record) => record.id === id)!;
    };
    const serverOf = async (key: string) => {
      const id = (await a.db.records('quotations').get(key))!.id;
      return (await serverQuotations(a, name)).find((quotation) => quotation.id === id)!;
    };

    // B edits the first quotation's comment and changes the others' status; A has not pulled since.
    await saveRecord(b.db, 'quotations', (await onB(edited)).key, { comment: 'Editado no B' });
    await runCommand(b.db, 'quotations', (await onB(taken)).key, 'status', { status: 'pending' });
    await runCommand(b.db, 'quotations', (await onB(kept)).key, 'status', { status: 'approved' });
    await b.engine.drain();

    const before = server.proxy.log.length;
    await runCommand(a.db, 'quotations', edited, 'status', { status: 'approved' });
    await runCommand(a.db, 'quotations', taken, 'status', { status: 'canceled' });
    await runCommand(a.db, 'quotations', kept, 'status', { status: 'canceled' });
    await a.engine.drain();

    // The edit elsewhere: 409 (A's version was old), sent again against the server's with a new key, applied; B's comment kept.
    const statusCalls = server.proxy.log.slice(before).filter((request) => request.method === 'PUT' && /\/status$/.test(request.path));
    expect(statusCalls.map((request) => request.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await serverOf(edited)).toMatchObject({ status: 'approved', comment: 'Editado no B' });
    expect((await a.db.records('quotations').get(edited))!).toMatchObject({ status: 'approved', comment: 'Editado no B' });

    // A status changed elsewhere: nothing applied, both conflicts shown with the status on each side.
    expect(await serverOf(taken)).toMatchObject({ status: 'pending' });
    expect(await serverOf(kept)).toMatchObject({ status: 'approved' });
    const conflicts = (await readPendingChanges(a.db)).filter((change) => change.status === 'conflict');
    expect(conflicts.map((change) => [change.op, change.opLabel, change.conflict])).toEqual([
      ['command', 'Alteração de status', [{ field: 'status', path: ['status'], label: 'Status', mine: 'canceled', theirs: 'pending' }]],
      ['command', 'Alteração de status', [{ field: 'status', path: ['status'], label: 'Status', mine: 'canceled', theirs: 'approved' }]],
    ]);

    // Theirs: only the command goes, the device takes the server's status. Mine: sent again against the server's version.
    await resolveConflict(a.db, conflicts[0]!.seq, 'theirs');
    await resolveConflict(a.db, conflicts[1]!.seq, 'mine');
    await a.engine.drain();
    expect(await a.db.outbox.toArray()).toEqual([]);
    expect(await serverOf(taken)).toMatchObject({ status: 'pending' });
    expect(await serverOf(kept)).toMatchObject({ status: 'canceled' });
    expect((await a.db.records('quotations').get(taken))!.status).toBe('pending');
    expect((await a.db.records('quotations').get(kept))!.status).toBe('canceled');
  });

  it('a duplicate whose answer is held while the app reloads is sent again with its key and makes one copy', async () => {
    let client = await device();
    const name = `Cliente Recarga ${Date.now().toString(36)}`;
    const customer = await saveRecord(client.db, 'customers', null, { name, type: 'individual', email: 'a@recarga.com.br', phone: '1133224455' });
    const quotation = await saveRecord(client.db, 'quotations', null, { customer_key: customer, rows: [{ name: 'Calor', value: 10 }], total: 10 });
    await client.engine.drain();
    await runCommand(client.db, 'quotations', quotation, 'duplicate');
    const before = server.proxy.log.length;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server makes the copy; its answer is held while the app reloads.
    const held = server.proxy.inject({ method: 'POST', path: /^\/api\/quotation\/duplicate\/\d+$/, fault: { kind: 'hold-response', until: gate } });
    const cutOff = client.engine.drain().catch(() => undefined);
    await held.hit;
    client = await reload(client);
    expect(await client.db.outbox.where('status').equals('in_flight').count()).toBe(1);
    await client.engine.drain();
    release();
    await cutOff;
    await client.engine.drain();

    expect(await serverQuotations(client, name)).toHaveLength(2);
    const duplicates = server.proxy.log
      .slice(before)
      .filter((request) => request.method === 'POST' && /^\/api\/quotation\/duplicate\/\d+$/.test(request.path));
    expect(duplicates.length).toBe(2);
    expect(new Set(duplicates.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(await client.db.outbox.toArray()).toEqual([]);
    expect((await liveRecords(client.db, 'quotations')).filter((record) => record.customer_key === customer)).toHaveLength(2);
  });

  it('a status change the server refuses fails with its message, blocks later edits, and a discard puts the status back', async () => {
    const client = await device();
    const name = `Cliente Recusa ${Date.now().toString(36)}`;
    const customer = await saveRecord(client.db, 'customers', null, { name, type: 'individual', email: 'a@recusa.com.br', phone: '1133224455' });
    const quotation = await saveRecord(client.db, 'quotations', null, { customer_key: customer, rows: [{ name: 'Calor', value: 10 }], total: 10 });
    await client.engine.drain();
    await runCommand(client.db, 'quotations', quotation, 'status', { status: 'closed' });
    await saveRecord(client.db, 'quotations', quotation, { comment: 'Depois' });
    await client.engine.drain();
    const [failed, waiting] = await client.db.outbox.orderBy('seq').toArray();
    expect(failed).toMatchObject({
      op: 'command',
      status: 'failed',
      error: { message: 'Não é possível mudar o status de Rascunho para Concluído.' },
    });
    expect(waiting).toMatchObject({ op: 'update', status: 'pending', attempts: 0 });
    expect((await client.db.records('quotations').get(quotation))!.status).toBe('closed');

    await discardEntry(client.db, failed!.seq!);
    expect((await client.db.records('quotations').get(quotation))!.status).toBe('open');
    await client.engine.drain();
    const [onServer] = await serverQuotations(client, name);
    expect(onServer).toMatchObject({ status: 'open', comment: 'Depois' });
  });
});
