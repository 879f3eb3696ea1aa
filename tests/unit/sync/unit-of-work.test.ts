/**
 * Several records saved as one unit of work (saveRecords): a customer and
 * its addresses are one Dexie transaction and one group of outbox entries,
 * in order; later items point at earlier ones' new local keys; a refusal of
 * any item writes nothing at all; and a live reader never sees the customer
 * without its addresses.
 */
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { SyncError, SYNC_MESSAGES } from '@sync/engine/errors';
import { saveRecord, saveRecords, UnitOfWorkError, type RecordSave } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { readChildren, readRecord } from '@sync/store/queries';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const customer = { name: 'Metalúrgica Souza', type: 'individual', email: 'contato@souza.com.br', phone: '(11) 3333-4444' };
const address = (label: string, zipcode: string | null = null) => ({
  label,
  zipcode,
  street: 'Rua A',
  number: '1',
  address2: null,
  district: null,
  city: null,
  state: null,
  country: null,
});
const outbox = () => db.outbox.orderBy('seq').toArray();

describe('saveRecords', () => {
  it('writes a new customer and its addresses, pointing at its new key, as one group of entries in order', async () => {
    const keys = await saveRecords(db, [
      { resource: 'customers', key: null, fields: customer },
      { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('Endereço Principal'), customer_key: before[0] }) },
      { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('Filial'), customer_key: before[0] }) },
    ]);
    expect(keys).toHaveLength(3);
    expect(await readRecord(db, 'customers', keys[0]!)).toMatchObject({ name: 'Metalúrgica Souza', id: null });
    expect((await readChildren(db, 'customer_addresses', keys[0]!)).map((line) => [line.key, line.label])).toEqual([
      [keys[1], 'Endereço Principal'],
      [keys[2], 'Filial'],
    ]);
    expect((await outbox()).map((entry) => [entry.resource, entry.op, entry.key])).toEqual([
      ['customers', 'create', keys[0]],
      ['customer_addresses', 'create', keys[1]],
      ['customer_addresses', 'create', keys[2]],
    ]);
  });

  it('updates an existing customer, one of its addresses and adds another in one unit', async () => {
    const [customerKey, firstKey] = await saveRecords(db, [
      { resource: 'customers', key: null, fields: customer },
      { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('Principal'), customer_key: before[0] }) },
    ]);
    const keys = await saveRecords(db, [
      { resource: 'customers', key: customerKey!, fields: { name: 'Metalúrgica Souza Ltda' } },
      { resource: 'customer_addresses', key: firstKey!, fields: { street: 'Rua B' } },
      { resource: 'customer_addresses', key: null, fields: { ...address('Depósito'), customer_key: customerKey } },
    ]);
    expect(keys.slice(0, 2)).toEqual([customerKey, firstKey]);
    expect((await readChildren(db, 'customer_addresses', customerKey!)).map((line) => [line.label, line.street])).toEqual([
      ['Principal', 'Rua B'],
      ['Depósito', 'Rua A'],
    ]);
    // Never sent: the changes coalesce into the creates.
    expect((await outbox()).map((entry) => [entry.op, entry.payload?.name ?? entry.payload?.street])).toEqual([
      ['create', 'Metalúrgica Souza Ltda'],
      ['create', 'Rua B'],
      ['create', 'Rua A'],
    ]);
  });

  const failures: Array<[string, (existing: string) => RecordSave[], number, string]> = [
    [
      'an invalid address after the customer',
      () => [
        { resource: 'customers', key: null, fields: customer },
        { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('Principal'), customer_key: before[0] }) },
        { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('Filial', '123'), customer_key: before[0] }) },
      ],
      2,
      'validation',
    ],
    [
      'an address of a customer that does not exist',
      () => [
        { resource: 'customers', key: null, fields: customer },
        { resource: 'customer_addresses', key: null, fields: { ...address('Principal'), customer_key: newKey() } },
      ],
      1,
      'not-found',
    ],
    [
      'an update of a record that is not on the device',
      (existing) => [
        { resource: 'customers', key: existing, fields: { name: 'Outro nome' } },
        { resource: 'customer_addresses', key: newKey(), fields: { street: 'Rua C' } },
      ],
      1,
      'not-found',
    ],
    [
      'a read-only resource in the unit',
      (existing) => [
        { resource: 'customers', key: existing, fields: { name: 'Outro nome' } },
        { resource: 'settings', key: null, fields: { option: 'company_name', value: 'x' } },
      ],
      1,
      'validation',
    ],
  ];

  it.each(failures)('a failure midway writes nothing: %s', async (_label, unit, item, code) => {
    const existing = await saveRecord(db, 'customers', null, { ...customer, name: 'Já existe' });
    const before = {
      customers: await db.records('customers').toArray(),
      addresses: await db.records('customer_addresses').toArray(),
      outbox: await outbox(),
    };
    const error = await saveRecords(db, unit(existing)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnitOfWorkError);
    expect(error).toBeInstanceOf(SyncError);
    expect((error as UnitOfWorkError).item).toBe(item);
    expect((error as UnitOfWorkError).code).toBe(code);
    expect(await db.records('customers').toArray()).toEqual(before.customers);
    expect(await db.records('customer_addresses').toArray()).toEqual(before.addresses);
    expect(await outbox()).toEqual(before.outbox);
    if (code === 'validation' && item === 1) expect((error as SyncError).message).toBe(SYNC_MESSAGES.readOnly);
  });

  it('a live reader never sees the customer without its addresses', async () => {
    const seen: Array<{ customers: number; addresses: number }> = [];
    const subscription = liveQuery(async () => ({
      customers: await db.records('customers').count(),
      addresses: await db.records('customer_addresses').count(),
    })).subscribe({ next: (value) => seen.push(value) });
    try {
      await saveRecords(db, [
        { resource: 'customers', key: null, fields: customer },
        { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('A'), customer_key: before[0] }) },
        { resource: 'customer_addresses', key: null, fields: (before) => ({ ...address('B'), customer_key: before[0] }) },
      ]);
      await expect.poll(() => seen.at(-1)).toEqual({ customers: 1, addresses: 2 });
      expect(seen.filter((snapshot) => snapshot.customers === 1 && snapshot.addresses !== 2)).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });
});
