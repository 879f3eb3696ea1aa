/**
 * The quotation on the device: nested lines validated with the contract's
 * messages (by path) on a local save, totals computed on save, the search
 * on number and customer name only, the customer's `restrict`, and commands
 * queued in the record's chain (never merged into, refused offline when
 * declared online, discarded alone with their local effect undone).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { COMMAND_MESSAGES, runCommand } from '@sync/engine/commands';
import { discardEntry, previewDiscard } from '@sync/engine/entry-actions';
import { SyncError } from '@sync/engine/errors';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import { readPendingChanges } from '@sync/engine/reports';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { readPage, readRecord } from '@sync/store/queries';
import { ResourceRegistry, SYNCED_RESOURCES, defineResource } from '@sync/store/registry';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const outbox = () => db.outbox.orderBy('seq').toArray();

async function customer(name = 'Metalúrgica Horizonte Ltda'): Promise<string> {
  return saveRecord(db, 'customers', null, { name, email: 'contato@horizonte.com.br', phone: '(11) 3322-4455' });
}

function quotationFields(customerKey: string, overrides: Record<string, unknown> = {}) {
  return {
    customer_key: customerKey,
    rows: [
      { name: 'Ruído contínuo', quantity: 2, value: 300 },
      { name: null, product_id: null, quantity: 1, value: 99 },
    ],
    services: [{ name: 'Avaliação', quantity: 3, value: 100 }],
    costs: [{ name: 'Deslocamento', quantity: 1, value: 184.06 }],
    deadlines: [{ activity: 'Campo', description: '5 dias' }],
    discount: 10,
    parcel: 2,
    total: 0,
    ...overrides,
  };
}

async function thrown(work: () => Promise<unknown>): Promise<SyncError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof SyncError) return error;
    throw error;
  }
  throw new Error('expected a SyncError');
}

describe('saving a quotation', () => {
  it('keeps the nested lines normalised, drops blank rows, computes the totals and copies the customer', async () => {
    const customerKey = await customer();
    const key = await saveRecord(db, 'quotations', null, quotationFields(customerKey));
    const record = (await readRecord(db, 'quotations', key))!;
    expect(record).toMatchObject({
      customer_key: customerKey,
      customer_id: null,
      customer_name: 'Metalúrgica Horizonte Ltda',
      customer_phone: '1133224455',
      subtotal: 1084.06,
      total: 975.65,
      parcel_value: 487.83,
      discount_type: 'pct',
      payment_info: 'Pagamento em 30 dias',
    });
    expect(record.rows).toEqual([
      {
        row_id: '',
        product_id: null,
        name: 'Ruído contínuo',
        product_type_id: 1,
        sector: null,
        function: null,
        exposition_type_id: 1,
        daily_exposition: null,
        quantity: 2,
        value: 300,
        unit_type: null,
        total: 600,
      },
    ]);
    const entry = (await outbox()).find((item) => item.resource === 'quotations');
    expect(entry).toMatchObject({ op: 'create', payload: { total: 975.65, customer_key: customerKey } });
    expect((entry!.payload!.rows as unknown[])[0]).toMatchObject({ total: 600 });
  });

  it.each([
    ['no customer', { customer_key: null }, 'customer_id', QUOTATION_MESSAGES.customerRequired],
    ['no total', { total: undefined }, 'total', QUOTATION_MESSAGES.totalRequired],
    ['a row quantity of zero', { rows: [{ name: 'Calor', quantity: 0, value: 1 }] }, 'rows.0.quantity', QUOTATION_MESSAGES.quantityInvalid],
    ['a negative cost', { costs: [{ name: 'Táxi', value: -1 }] }, 'costs.0.value', QUOTATION_MESSAGES.valueInvalid],
    ['a percentage above 100', { discount: 120 }, 'discount', QUOTATION_MESSAGES.discountPctMax],
    ['no instalments', { parcel: 0 }, 'parcel', QUOTATION_MESSAGES.parcelMin],
  ])('refuses %s with the spec message, saving nothing', async (_case, overrides, field, message) => {
    const customerKey = await customer();
    const fields: Record<string, unknown> = quotationFields(customerKey, overrides);
    if ('total' in overrides && overrides.total === undefined) delete fields.total;
    const error = await thrown(() => saveRecord(db, 'quotations', null, fields));
    expect(error.code).toBe('validation');
    expect(error.message).toBe(message);
    expect(error.info.fields?.[field]).toContain(message);
    expect(await db.records('quotations').count()).toBe(0);
  });

  it('recomputes the totals when a later save changes only the lines', async () => {
    const key = await saveRecord(db, 'quotations', null, quotationFields(await customer()));
    await saveRecord(db, 'quotations', key, { rows: [{ name: 'Vibração', quantity: 4, value: 25 }], services: [], costs: [] });
    expect(await readRecord(db, 'quotations', key)).toMatchObject({ subtotal: 100, total: 90, parcel_value: 45 });
    expect(await outbox()).toHaveLength(2); // the customer's create and the quotation's, merged
  });

  it('finds quotations by customer name, not by the text of their lines', async () => {
    const customerKey = await customer('Fundição Araújo');
    await saveRecord(db, 'quotations', null, quotationFields(customerKey));
    expect((await readPage(db, 'quotations', { search: 'araujo' })).total).toBe(1);
    expect((await readPage(db, 'quotations', { search: 'ruido' })).total).toBe(0);
  });

  it('refuses to delete a customer that has quotations, with the message of the server', async () => {
    const customerKey = await customer();
    const key = await saveRecord(db, 'quotations', null, quotationFields(customerKey));
    const error = await thrown(() => deleteRecord(db, 'customers', customerKey));
    expect(error.message).toBe(QUOTATION_MESSAGES.customerHasQuotations);
    await deleteRecord(db, 'quotations', key);
    expect(await deleteRecord(db, 'customers', customerKey)).toEqual({ cancelled: true });
  });

  it('keeps refusing while the delete of a quotation the server has is not sent yet (the two deletes travel apart)', async () => {
    const customerKey = await customer();
    const key = await saveRecord(db, 'quotations', null, quotationFields(customerKey));
    const stored = (await db.records('quotations').get(key))!;
    await db.records('quotations').put({ ...stored, id: 9, _base: { ...stored } });
    await db.outbox.where('key').equals(key).delete();
    expect(await deleteRecord(db, 'quotations', key)).toEqual({ cancelled: false });
    const error = await thrown(() => deleteRecord(db, 'customers', customerKey));
    expect(error.message).toBe(QUOTATION_MESSAGES.customerHasQuotations);
  });
});

describe('commands', () => {
  it('are queued after the record changes, never merged into, and show their effect at once', async () => {
    const key = await saveRecord(db, 'quotations', null, quotationFields(await customer()));
    await runCommand(db, 'quotations', key, 'status', { status: 'pending', markAsSent: true });
    await saveRecord(db, 'quotations', key, { comment: 'Depois do status' });
    await runCommand(db, 'quotations', key, 'duplicate');
    const chain = (await outbox()).filter((entry) => entry.key === key);
    expect(chain.map((entry) => entry.op)).toEqual(['create', 'command', 'update', 'command']);
    expect(chain[1]).toMatchObject({
      payload: { status: 'pending', markAsSent: true },
      command: { name: 'status', method: 'PUT', path: 'api/quotation/{id}/status', answer: 'record' },
    });
    expect(chain[3]!.command).toMatchObject({ name: 'duplicate', method: 'POST', answer: 'created', pulls: ['quotations'] });
    expect(new Set(chain.map((entry) => entry.idempotency_key)).size).toBe(4);
    expect((await readRecord(db, 'quotations', key))!.status).toBe('pending');
    const changes = await readPendingChanges(db);
    expect(changes.filter((change) => change.key === key).map((change) => change.opLabel)).toEqual([
      'Inclusão',
      'Alteração de status',
      'Alteração',
      'Duplicação',
    ]);
  });

  it('validate their body with Portuguese messages', async () => {
    const key = await saveRecord(db, 'quotations', null, quotationFields(await customer()));
    const error = await thrown(() => runCommand(db, 'quotations', key, 'status', { status: 'aprovado' }));
    expect(error).toMatchObject({ code: 'validation', message: 'Status inválido' });
    expect((await outbox()).some((entry) => entry.op === 'command')).toBe(false);
  });

  it('a command that needs a connection is refused offline, before anything is queued', async () => {
    const registry = new ResourceRegistry([
      ...SYNCED_RESOURCES.filter((resource) => resource.name !== 'quotations'),
      defineResource({
        ...SYNCED_RESOURCES.find((resource) => resource.name === 'quotations')!,
        schema: SYNCED_RESOURCES.find((resource) => resource.name === 'quotations')!.schema as z.ZodObject<z.ZodRawShape>,
        commands: {
          whatsapp: { label: 'Envio por Whatsapp', method: 'POST', path: 'api/quotation/{id}/send/whatsapp', answer: 'none', online: true },
        },
      }),
    ]);
    const local = new SyncDatabase(`test-${newKey()}`, { registry });
    try {
      const customerKey = await saveRecord(local, 'customers', null, { name: 'Cliente', email: 'a@b.com.br', phone: '1133224455' });
      const key = await saveRecord(local, 'quotations', null, quotationFields(customerKey));
      let offline: unknown;
      await runCommand(local, 'quotations', key, 'whatsapp', {}, { isOnline: () => false }).catch((error: unknown) => (offline = error));
      expect(offline).toBeInstanceOf(SyncError);
      expect(offline).toMatchObject({ code: 'network', message: COMMAND_MESSAGES.needsConnection });
      expect((await local.outbox.toArray()).filter((entry) => entry.op === 'command')).toHaveLength(0);
      await runCommand(local, 'quotations', key, 'whatsapp', {}, { isOnline: () => true });
      expect((await local.outbox.toArray()).filter((entry) => entry.op === 'command')).toHaveLength(1);
    } finally {
      local.close();
      await local.delete();
    }
  });

  it('a discard cancels only the command and puts its effect back', async () => {
    const key = await saveRecord(db, 'quotations', null, quotationFields(await customer()));
    // As if pushed: the server's version is the base, status open.
    const stored = (await db.records('quotations').get(key))!;
    await db.records('quotations').put({ ...stored, id: 7, _base: { ...stored, status: 'open' }, status: 'open' });
    await db.outbox.where('key').equals(key).delete();
    await saveRecord(db, 'quotations', key, { comment: 'Mantida' });
    const seq = await runCommand(db, 'quotations', key, 'status', { status: 'approved' });
    expect((await readRecord(db, 'quotations', key))!.status).toBe('approved');
    const preview = await previewDiscard(db, seq);
    expect(preview).toMatchObject({ kind: 'command', message: expect.stringContaining('"Alteração de status"') });
    await discardEntry(db, seq);
    expect((await readRecord(db, 'quotations', key))!).toMatchObject({ status: 'open', comment: 'Mantida' });
    expect((await outbox()).filter((entry) => entry.key === key).map((entry) => entry.op)).toEqual(['update']);
  });
});
