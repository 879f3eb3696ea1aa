/**
 * The versioned schema: tables and indexes derived from the registry, and
 * a later version's upgrade rewriting rows written under an earlier one on
 * the same device.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { costs } from '@sync/store/registry/catalog';
import { readPage } from '@sync/store/queries';
import { wordsOf } from '@sync/store/search-index';
import { ENGINE_STORES, legacyResourceStores, resourceIndexes, resourceStores, SCHEMA_VERSIONS, type SchemaVersion } from '@sync/store/schema';
import type { StoredRecord } from '@sync/store/types';

const opened: SyncDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('schema', () => {
  it('has a table per resource with both sides of every reference indexed', () => {
    const stores = SCHEMA_VERSIONS[0]!.stores;
    expect(Object.keys(stores).sort()).toEqual(
      [
        ...Object.keys(ENGINE_STORES),
        'product_types',
        'equipment_categories',
        'equipment',
        'products',
        'product_equipments',
        'services',
        'service_equipments',
        'costs',
      ].sort(),
    );
    expect(stores.product_equipments).toBe('key, id, _sort, *_search, product_key, product_id, equipment_key, equipment_id');
    expect(resourceIndexes(costs, true)).toBe('key, id, _sort, *_search');
  });

  it('since version 7, keeps the search out of the record tables: a search table per searchable resource', () => {
    const stores = SCHEMA_VERSIONS.find((step) => step.version === 7)!.stores;
    expect(stores.products).toBe('key, id, _sort, type_key, type_id');
    expect(stores.products_search).toBe('key');
    expect(stores.product_equipments).toBe('key, id, _sort, product_key, product_id, equipment_key, equipment_id');
    expect(stores.product_equipments_search).toBe('key');
    expect(resourceStores([costs])).toEqual({ costs: 'key, id, _sort' });
  });

  it('version 8 deletes every search table of version 7 and nothing else', () => {
    const v7 = SCHEMA_VERSIONS.find((step) => step.version === 7)!.stores;
    const v8 = SCHEMA_VERSIONS.find((step) => step.version === 8)!.stores;
    const searchTables = Object.keys(v7).filter((table) => table.endsWith('_search'));
    expect(searchTables).toContain('products_search');
    expect(Object.keys(v8).sort()).toEqual(searchTables.sort());
    expect(Object.values(v8).every((spec) => spec === null)).toBe(true);
  });

  it('version 9 adds the sampling-method table and nothing else', () => {
    const v9 = SCHEMA_VERSIONS.find((step) => step.version === 9)!;
    expect(v9.stores).toEqual({ sampling_methods: 'key, id, _sort' });
    expect(v9.upgrade).toBeUndefined();
  });

  it('upgrades rows written under an earlier version', async () => {
    const name = `migration-${newKey()}`;
    const v1: SchemaVersion[] = [{ version: 1, stores: { ...ENGINE_STORES, ...legacyResourceStores([costs]) } }];
    const first = new SyncDatabase(name, { versions: v1 });
    await first.records('costs').put({ key: 'a', id: 1, created_at: null, updated_at: null, _base: null, name: 'Diária', price: 300 });
    first.close();

    const v2: SchemaVersion[] = [
      ...v1,
      {
        version: 2,
        stores: { costs: 'key, id, _sort, *_search, price' },
        upgrade: (transaction) =>
          transaction
            .table('costs')
            .toCollection()
            .modify((record: StoredRecord) => {
              record.price = Math.round((record.price as number) * 100);
            }),
      },
    ];
    const second = new SyncDatabase(name, { versions: v2 });
    opened.push(second);
    expect(await second.records('costs').get('a')).toMatchObject({ price: 30000 });
    expect(await second.records('costs').where('price').equals(30000).count()).toBe(1);
    expect(second.verno).toBe(2);
  });

  it('version 3 re-indexes the rows so a masked number typed in the search finds them', async () => {
    const name = `reindex-${newKey()}`;
    const first = new SyncDatabase(name, { versions: SCHEMA_VERSIONS.filter((step) => step.version < 3) });
    // As version 2 indexed it: the CAS's parts only.
    const sort = '2026-01-01T00:00:00.000Z|a';
    const words = ['formaldeido', ...wordsOf('50-00-0')];
    await first.records('products').put({
      key: 'a',
      id: 1,
      created_at: null,
      updated_at: null,
      _base: null,
      name: 'Formaldeído',
      cas: '50-00-0',
      _sort: sort,
      _search: words.map((word) => `${word}\u0001${sort}`),
    });
    first.close();

    const second = new SyncDatabase(name);
    opened.push(second);
    expect((await readPage(second, 'products', { search: '50-00-0' })).rows.map((row) => row.name)).toEqual(['Formaldeído']);
    expect((await readPage(second, 'products', { search: 'formal 00' })).total).toBe(1);
  });
});
