/**
 * A conflict on a record with a nested field (a document's lines, as
 * quotations and samples have): the lines merge line by line (by `row_id`,
 * else by position) and leaf by leaf; only a leaf changed on both sides is
 * a question, one each, labelled; a line removed on one side and edited on
 * the other is one question for the line. The other fields merge alone
 * around them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { resolveConflict } from '@sync/engine/entry-actions';
import { saveRecord } from '@sync/engine/mutations';
import { differingFields, readPendingChanges } from '@sync/engine/reports';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { defineResource, ResourceRegistry, SYNCED_RESOURCES } from '@sync/store/registry';
import { resourceStores, SCHEMA_VERSIONS } from '@sync/store/schema';
import type { RecordFields } from '@sync/store/types';
import { at } from './support';

const line = z.object({ row_id: z.string().optional(), description: z.string(), quantity: z.number() });
const documents = defineResource({
  name: 'test_documents',
  label: 'Documento',
  paths: { list: 'api/doc/all/{skip}/{take}', create: 'api/doc', update: 'api/doc/{id}', delete: 'api/doc/{id}' },
  schema: z.object({ id: z.number(), name: z.string(), lines: z.array(line), created_at: z.string(), updated_at: z.string() }),
  input: z.object({ name: z.string(), lines: z.array(line) }),
  searchable: ['name'],
  fieldLabels: { name: 'Nome', lines: 'Itens' },
});

let db: SyncDatabase;
beforeEach(() => {
  const last = SCHEMA_VERSIONS.at(-1)!.version;
  db = new SyncDatabase(`test-${newKey()}`, {
    registry: new ResourceRegistry([...SYNCED_RESOURCES, documents]),
    versions: [...SCHEMA_VERSIONS, { version: last + 1, stores: resourceStores([documents]) }],
  });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const doc = (name: string, lines: RecordFields[], updated = 0) => ({ id: 1, name, lines, created_at: at(0), updated_at: at(updated) });
const entryOf = async (key: string) => (await db.outbox.where('key').equals(key).first())!;
async function conflicted(
  mine: RecordFields,
  current: RecordFields,
  base: RecordFields[] = [{ description: 'Ruído', quantity: 1 }],
): Promise<string> {
  const [key] = await db.write(async (store) => applyServerRecords(store, documents, [doc('Orçamento', base)], await keysWithEntries(store)));
  await saveRecord(db, 'test_documents', key!, mine);
  await db.outbox.put({ ...(await entryOf(key!)), status: 'conflict', attempts: 1, conflict: { current } });
  return key!;
}

describe('a nested field in a conflict', () => {
  it('is one question for the leaf changed on both sides, labelled; the server’s new line and name are not asked', async () => {
    const mine = [{ description: 'Ruído', quantity: 2 }];
    const theirs = [
      { quantity: 3, description: 'Ruído' },
      { description: 'Calor', quantity: 1 },
    ];
    await conflicted({ lines: mine }, doc('Orçamento B', theirs, 30));
    const [change] = await readPendingChanges(db);
    expect(change!.conflict).toEqual([
      { field: 'lines/#0/quantity', path: ['lines', '#0', 'quantity'], label: 'Itens — linha 1 — Quantity', mine: 2, theirs: 3 },
    ]);
  });

  it.each([
    ['by its path key', { 'lines/#0/quantity': 'mine' }],
    ['by the whole field', { lines: 'mine' }],
    ['for all', 'mine'],
  ] as const)('takes the chosen value (%s), with the other side’s line and name', async (_how, choice) => {
    const key = await conflicted(
      { lines: [{ description: 'Ruído', quantity: 2 }] },
      doc(
        'Orçamento B',
        [
          { description: 'Ruído', quantity: 3 },
          { description: 'Calor', quantity: 1 },
        ],
        30,
      ),
    );
    await resolveConflict(db, (await entryOf(key)).seq!, choice);
    expect(await entryOf(key)).toMatchObject({
      status: 'pending',
      payload: {
        name: 'Orçamento B',
        lines: [
          { description: 'Ruído', quantity: 2 },
          { description: 'Calor', quantity: 1 },
        ],
      },
    });
    expect(await db.records('test_documents').get(key)).toMatchObject({ name: 'Orçamento B', updated_at: at(30) });
  });

  it('a line removed here and edited there is one question for the line, shown with its fields labelled', async () => {
    const base = [
      { row_id: 'a', description: 'Ruído', quantity: 1 },
      { row_id: 'b', description: 'Calor', quantity: 1 },
    ];
    await conflicted({ lines: [base[0]] }, doc('Orçamento', [base[0]!, { ...base[1]!, quantity: 5 }], 30), base);
    const [change] = await readPendingChanges(db);
    expect(change!.conflict).toEqual([
      { field: 'lines/b', path: ['lines', 'b'], label: 'Itens — linha 2', mine: null, theirs: { Description: 'Calor', Quantity: 5 }, absent: 'mine' },
    ]);
  });

  it('lists in another key order are the same value (no difference to report)', () => {
    const a = { name: 'X', lines: [{ description: 'Ruído', quantity: 2 }] };
    const b = { name: 'X', lines: [{ quantity: 2, description: 'Ruído' }] };
    expect(differingFields(documents, a, b)).toEqual([]);
    expect(differingFields(documents, a, { ...b, lines: [...b.lines, { description: 'Calor', quantity: 1 }] })).toEqual(['lines']);
  });
});
