/**
 * Every line of a quotation has a stable `row_id` (PGlite, loopback): the
 * server keeps the ids it receives, gives one to a line without, never
 * gives one twice in a list, and gives a line an app older than line ids
 * sends without one the id of the stored line it is (so the samples that
 * point at an agent row keep pointing at it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTATION_MESSAGES, type Quotation } from '@sync/contract/quotations';
import { newRowId } from '@sync/contract/row-id';
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

const LISTS = ['rows', 'services', 'costs', 'equipments', 'deadlines'] as const;
const idsOf = (quotation: Quotation) => Object.fromEntries(LISTS.map((list) => [list, quotation[list].map((line) => line.row_id)]));
/** The body of a PUT from what the server answered (the lines as sent back, totals dropped). */
const bodyOf = (quotation: Quotation, overrides: Record<string, unknown> = {}) =>
  validQuotation(customerId, {
    rows: quotation.rows.map(({ total: _total, ...row }) => row),
    services: quotation.services.map(({ total: _total, ...line }) => line),
    costs: quotation.costs.map(({ total: _total, ...line }) => line),
    equipments: quotation.equipments,
    deadlines: quotation.deadlines,
    ...overrides,
  });

describe('quotation line ids', () => {
  it('gives an id to every line created without one, and keeps the ids it receives', async () => {
    const created = await createQuotation(admin, customerId);
    for (const list of LISTS) {
      expect(created[list].length).toBeGreaterThan(0);
      for (const line of created[list]) expect(line.row_id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(new Set(created.rows.map((row) => row.row_id)).size).toBe(created.rows.length);

    const mine = newRowId();
    const given: Quotation = ok(
      await admin.post(
        '/api/quotation',
        validQuotation(customerId, {
          rows: [
            { row_id: mine, name: 'Ruído contínuo', quantity: 2, value: 300 },
            { name: 'Tolueno', quantity: 1, value: 150.5 },
          ],
          deadlines: [{ row_id: 'prazo-1', activity: 'Campo', description: null }],
        }),
      ),
      201,
    );
    expect(given.rows[0]!.row_id).toBe(mine);
    expect(given.rows[1]!.row_id).toMatch(/^[0-9a-f]{24}$/);
    expect(given.deadlines[0]!.row_id).toBe('prazo-1');
    // The same answer on a read.
    expect(idsOf(ok(await admin.get(`/api/quotation/${given.id}`)))).toEqual(idsOf(given));
  });

  it('keeps the ids on an update that inserts, removes and reorders lines; a new line gets a new id', async () => {
    const created = await createQuotation(admin, customerId);
    const [noise, toluene] = created.rows;
    const rows = [
      { name: 'Calor', product_type_id: 4, quantity: 1, value: 90 },
      { ...toluene!, total: undefined },
      { ...noise!, total: undefined },
    ];
    const updated: Quotation = ok(await admin.put(`/api/quotation/${created.id}`, bodyOf(created, { rows, services: [] })));
    expect(updated.rows.map((row) => [row.name, row.row_id])).toEqual([
      ['Calor', expect.stringMatching(/^[0-9a-f]{24}$/)],
      ['Tolueno', toluene!.row_id],
      ['Ruído contínuo', noise!.row_id],
    ]);
    expect(updated.rows[0]!.row_id).not.toBe(noise!.row_id);
    expect(updated.rows[0]!.row_id).not.toBe(toluene!.row_id);
    expect(updated.services).toEqual([]);
    expect(updated.costs.map((line) => line.row_id)).toEqual(created.costs.map((line) => line.row_id));
  });

  it('gives a line sent without an id (an app older than line ids) the id of the stored line it is', async () => {
    const created = await createQuotation(admin, customerId);
    const [noise, toluene] = created.rows;
    // The older app knows no row_id: it sends the lines without, reordered, one new above.
    const strip = <T extends { row_id: string; total?: number }>(lines: readonly T[]) => lines.map(({ row_id: _id, total: _total, ...line }) => line);
    const legacy = validQuotation(customerId, {
      rows: [{ name: 'Calor', product_type_id: 4, quantity: 1, value: 90 }, ...strip([toluene!, noise!])],
      services: strip(created.services),
      costs: strip(created.costs),
      equipments: strip(created.equipments),
      deadlines: strip(created.deadlines),
    });
    const updated: Quotation = ok(await admin.put(`/api/quotation/${created.id}`, legacy));
    expect(updated.rows.map((row) => row.row_id).slice(1)).toEqual([toluene!.row_id, noise!.row_id]);
    expect([noise!.row_id, toluene!.row_id]).not.toContain(updated.rows[0]!.row_id);
    for (const list of ['services', 'costs', 'equipments', 'deadlines'] as const) {
      expect(updated[list].map((line) => line.row_id)).toEqual(created[list].map((line) => line.row_id));
    }
  });

  it('never gives one id to two lines of a list, and refuses an id with other characters', async () => {
    const id = newRowId();
    const created: Quotation = ok(
      await admin.post(
        '/api/quotation',
        validQuotation(customerId, {
          rows: [
            { row_id: id, name: 'Ruído contínuo', quantity: 2, value: 300 },
            { row_id: id, name: 'Tolueno', quantity: 1, value: 150.5 },
          ],
        }),
      ),
      201,
    );
    expect(created.rows[0]!.row_id).toBe(id);
    expect(created.rows[1]!.row_id).not.toBe(id);
    const refused = await admin.post(
      '/api/quotation',
      validQuotation(customerId, { rows: [{ row_id: 'linha 1', name: 'Tolueno', quantity: 1, value: 1 }] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(QUOTATION_MESSAGES.rowIdInvalid);
  });
});
