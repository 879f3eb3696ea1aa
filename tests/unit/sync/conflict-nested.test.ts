/**
 * A conflict on a record with a nested field (a document's lines, as
 * quotations and samples will have): the lines compare with deep equality
 * and are one question, shown and chosen whole; the other fields merge
 * alone around them.
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

const line = z.object({ description: z.string(), quantity: z.number() });
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
async function conflicted(mine: RecordFields, current: RecordFields): Promise<string> {
  const [key] = await db.write(async (store) =>
    applyServerRecords(store, documents, [doc('Orçamento', [{ description: 'Ruído', quantity: 1 }])], await keysWithEntries(store)),
  );
  await saveRecord(db, 'test_documents', key!, mine);
  await db.outbox.put({ ...(await entryOf(key!)), status: 'conflict', attempts: 1, conflict: { current } });
  return key!;
}

describe('a nested field in a conflict', () => {
  it('is one question with both whole lists; a name changed only on the server is not asked', async () => {
    const mine = [{ description: 'Ruído', quantity: 2 }];
    const theirs = [
      { quantity: 3, description: 'Ruído' },
      { description: 'Calor', quantity: 1 },
    ];
    await conflicted({ lines: mine }, doc('Orçamento B', theirs, 30));
    const [change] = await readPendingChanges(db);
    expect(change!.conflict).toEqual([{ field: 'lines', label: 'Itens', mine, theirs }]);
  });

  it('takes the chosen list whole, and the other side’s name with it', async () => {
    const key = await conflicted({ lines: [{ description: 'Ruído', quantity: 2 }] }, doc('Orçamento B', [{ description: 'Ruído', quantity: 3 }], 30));
    await resolveConflict(db, (await entryOf(key)).seq!, { lines: 'mine' });
    expect(await entryOf(key)).toMatchObject({
      status: 'pending',
      payload: { name: 'Orçamento B', lines: [{ description: 'Ruído', quantity: 2 }] },
    });
    expect(await db.records('test_documents').get(key)).toMatchObject({ name: 'Orçamento B', updated_at: at(30) });
  });

  it('lists in another key order are the same value (no difference to report)', () => {
    const a = { name: 'X', lines: [{ description: 'Ruído', quantity: 2 }] };
    const b = { name: 'X', lines: [{ quantity: 2, description: 'Ruído' }] };
    expect(differingFields(documents, a, b)).toEqual([]);
    expect(differingFields(documents, a, { ...b, lines: [...b.lines, { description: 'Calor', quantity: 1 }] })).toEqual(['lines']);
  });
});
