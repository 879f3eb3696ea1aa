/**
 * The quotation part of the convergence property (convergence.property.test.ts):
 * documents with nested lines and their commands, made offline among the
 * catalog edits and faults of each run.
 *
 * - createQuotation: for a customer of the run (a new one when asked or
 *   when there is none), with 1–3 agent rows and a service line;
 * - editQuotation: replaces the rows and the discount (a whole-list change);
 * - statusQuotation: a status change the transitions allow from the
 *   status the user last chose (others are not offered, as the screen
 *   would not offer them);
 * - duplicateQuotation: a copy of the quotation as it is at that moment;
 * - deleteQuotation: only of a quotation never duplicated in the run (a
 *   delete drops its record's unsent commands, a copy included, so what the
 *   server ends with would depend on timing).
 *
 * The check: the server holds exactly the intended quotations (and one copy
 * per duplicate), with their rows, discount, status and the totals their
 * lines give; the device holds the same under the same ids.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { canChangeStatus, QUOTATION_STATUSES, quotationWireTotals, type QuotationStatus } from '@sync/contract/quotations';
import { runCommand } from '@sync/engine/commands';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { readPage, readRecord } from '@sync/store/queries';
import type { RecordFields } from '@sync/store/types';

interface RowSpec {
  quantity: number;
  value: number;
}
interface QCustomer {
  key: string;
  name: string;
}
interface QDocument {
  key: string;
  customer: QCustomer;
  rows: RowSpec[];
  discount: number;
  status: QuotationStatus;
  live: boolean;
  duplicated: boolean;
}
interface QCopy {
  customer: QCustomer;
  rows: RowSpec[];
  discount: number;
}

export interface QuotationModel {
  customers: QCustomer[];
  quotations: QDocument[];
  copies: QCopy[];
}

export function emptyQuotationModel(): QuotationModel {
  return { customers: [], quotations: [], copies: [] };
}

export type QuotationOp =
  | { op: 'createQuotation'; customer: number | null; rows: RowSpec[] }
  | { op: 'editQuotation'; target: number; rows: RowSpec[]; discount: number }
  | { op: 'statusQuotation'; target: number; status: QuotationStatus; markAsSent: boolean }
  | { op: 'duplicateQuotation'; target: number }
  | { op: 'deleteQuotation'; target: number };

const target = fc.nat({ max: 20 });
const rowsArb = fc.array(
  fc.record({ quantity: fc.integer({ min: 1, max: 5 }), value: fc.integer({ min: 0, max: 50_000 }).map((cents) => cents / 100) }),
  { minLength: 1, maxLength: 3 },
);

export const quotationOpArb: fc.Arbitrary<QuotationOp> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('createQuotation' as const), customer: fc.option(target, { nil: null }), rows: rowsArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('editQuotation' as const), target, rows: rowsArb, discount: fc.integer({ min: 0, max: 50 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('statusQuotation' as const),
      target,
      status: fc.constantFrom(...QUOTATION_STATUSES),
      markAsSent: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicateQuotation' as const), target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteQuotation' as const), target }) },
);

const SERVICE = { name: 'Relatório', quantity: 1, value: 100 };
const rowFields = (rows: RowSpec[]) => rows.map((row, index) => ({ name: `Agente ${index + 1}`, quantity: row.quantity, value: row.value }));

function pickLive<T extends { live: boolean }>(list: T[], index: number): T | undefined {
  const live = list.filter((item) => item.live);
  return live.length === 0 ? undefined : live[index % live.length];
}

export async function applyQuotationOp(db: SyncDatabase, model: QuotationModel, op: QuotationOp, name: (kind: string) => string): Promise<void> {
  switch (op.op) {
    case 'createQuotation': {
      let customer = op.customer === null || model.customers.length === 0 ? undefined : model.customers[op.customer % model.customers.length];
      if (!customer) {
        const customerName = name('cliente');
        customer = {
          name: customerName,
          key: await saveRecord(db, 'customers', null, {
            name: customerName,
            type: 'individual',
            email: 'cliente@teste.com.br',
            phone: '1133224455',
          }),
        };
        model.customers.push(customer);
      }
      const key = await saveRecord(db, 'quotations', null, {
        customer_key: customer.key,
        rows: rowFields(op.rows),
        services: [SERVICE],
        discount: 0,
        total: 0,
      });
      model.quotations.push({ key, customer, rows: op.rows, discount: 0, status: 'open', live: true, duplicated: false });
      return;
    }
    case 'editQuotation': {
      const quotation = pickLive(model.quotations, op.target);
      if (!quotation) return;
      await saveRecord(db, 'quotations', quotation.key, { rows: rowFields(op.rows), discount: op.discount });
      Object.assign(quotation, { rows: op.rows, discount: op.discount });
      return;
    }
    case 'statusQuotation': {
      const quotation = pickLive(model.quotations, op.target);
      if (!quotation || !canChangeStatus(quotation.status, op.status)) return;
      await runCommand(db, 'quotations', quotation.key, 'status', { status: op.status, markAsSent: op.markAsSent });
      quotation.status = op.status;
      return;
    }
    case 'duplicateQuotation': {
      const quotation = pickLive(model.quotations, op.target);
      if (!quotation) return;
      await runCommand(db, 'quotations', quotation.key, 'duplicate');
      quotation.duplicated = true;
      model.copies.push({ customer: quotation.customer, rows: quotation.rows, discount: quotation.discount });
      return;
    }
    case 'deleteQuotation': {
      const quotation = pickLive(model.quotations, op.target);
      if (!quotation || quotation.duplicated) return;
      await deleteRecord(db, 'quotations', quotation.key);
      quotation.live = false;
      return;
    }
  }
}

/** What a quotation should look like on the server: customer, status, lines with their totals, money fields. */
function expected(customer: QCustomer, rows: RowSpec[], discount: number, status: QuotationStatus) {
  const totals = quotationWireTotals({ rows, services: [SERVICE], costs: [], discount, discount_type: 'pct', parcel: 1 });
  return JSON.stringify([
    customer.name,
    status,
    totals.rows.map((row) => [row.quantity, row.value, row.total]),
    discount,
    totals.subtotal,
    totals.total,
  ]);
}

function actual(record: RecordFields) {
  const rows = (record.rows as RecordFields[]).map((row) => [row.quantity, row.value, row.total]);
  return JSON.stringify([record.customer_name, record.status, rows, record.discount ?? 0, record.subtotal, record.total]);
}

export async function expectQuotationsConverged(
  db: SyncDatabase,
  model: QuotationModel,
  list: (path: string) => Promise<RecordFields[]>,
  prefix: string,
): Promise<void> {
  if (model.customers.length === 0) return;
  const remote = await list(`api/quotation/all/0/1000?search=${encodeURIComponent(prefix)}`);
  const live = model.quotations.filter((quotation) => quotation.live);
  const wanted = [
    ...live.map((quotation) => expected(quotation.customer, quotation.rows, quotation.discount, quotation.status)),
    ...model.copies.map((copy) => expected(copy.customer, copy.rows, copy.discount, 'open')),
  ];
  expect(remote.map(actual).sort(), 'quotations on the server: each once, with their lines, status and totals').toEqual(wanted.sort());
  for (const quotation of model.quotations) {
    const local = await readRecord(db, 'quotations', quotation.key);
    if (!quotation.live) {
      expect(local, 'deleted quotation gone from the device').toBeUndefined();
      continue;
    }
    const onServer = remote.find((record) => record.id === local?.id);
    expect(onServer, 'the device knows the quotation by its server id').toBeDefined();
    expect(actual(local!), 'the device agrees with the server').toBe(actual(onServer!));
  }
  const page = await readPage(db, 'quotations', { search: prefix, pageSize: 1000 });
  expect(page.total, 'quotations: copies pulled, nothing extra on the device').toBe(remote.length);
  expect(page.rows.map(actual).sort()).toEqual(remote.map(actual).sort());
}
