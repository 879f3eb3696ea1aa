/**
 * Read-only resources (settings, modules, types, roles): every local write
 * is refused with a clear message and leaves no outbox entry; pulls keep
 * them on the device (incrementally, or replaced whole when declared so,
 * removing what vanished); and a pull asks only for the lists the user may
 * read (sync/contract/access.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mayRead, readerOf, type Reader } from '@sync/contract/access';
import { namedRecordSchema } from '@sync/contract/lookups';
import { SyncError, SYNC_MESSAGES } from '@sync/engine/errors';
import { deleteRecord, saveRecord, saveRecords } from '@sync/engine/mutations';
import { pullAll, pullableResources } from '@sync/engine/pull';
import { Transport } from '@sync/engine/transport';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { readAll } from '@sync/store/queries';
import { READ_ONLY_RESOURCES } from '@sync/store/registry/read-only';
import { ResourceRegistry } from '@sync/store/registry/registry';
import { defineReadOnlyResource } from '@sync/store/registry/resource';
import { ENGINE_STORES, resourceStores } from '@sync/store/schema';
import { at, useTestDb } from './support';

let db: SyncDatabase;
useTestDb((fresh) => (db = fresh));

/** A server of canned JSON answers by path (query ignored), counting the calls. */
function fakeServer(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const queries: string[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input);
    const path = url.pathname.slice(1);
    calls.push(path);
    queries.push(url.search);
    const answer = answers[path];
    if (!answer) return new Response(JSON.stringify({ message: 'Acesso negado.' }), { status: 403, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const transport = new Transport({ baseUrl: 'http://api.test/', auth: { getAccessToken: async () => 't', refresh: async () => false }, fetch });
  return { calls, queries, transport };
}

const pullShape = (list: unknown[]) => ({ list, total_items: list.length, deleted_ids: [], server_time: at(100) });
const named = (id: number, name: string, seconds = 0) => ({ id, name, slug: name.toLowerCase(), created_at: at(0), updated_at: at(seconds) });

describe('writes are refused', () => {
  it.each(READ_ONLY_RESOURCES.map((resource) => resource.name))('%s: save, unit of work and delete refused, nothing queued', async (name) => {
    const refused = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SyncError);
      expect((error as SyncError).code).toBe('validation');
      expect((error as SyncError).message).toBe(SYNC_MESSAGES.readOnly);
    };
    await refused(saveRecord(db, name, null, { name: 'x', option: 'company_name', value: 'x' }));
    await refused(
      saveRecords(db, [
        { resource: 'costs', key: null, fields: { name: 'Custo', price: 1 } },
        { resource: name, key: null, fields: {} },
      ]),
    );
    await refused(deleteRecord(db, name, newKey()));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.records('costs').count()).toBe(0);
  });
});

describe('pull', () => {
  it('keeps the lists on the device, incrementally, and a later pull brings only what changed', async () => {
    let roles = [named(1, 'Administrativo'), named(2, 'Cliente')];
    const { transport } = fakeServer({
      'api/user/role/all': () => pullShape(roles),
      'api/settings/all': () => pullShape([{ id: 7, option: 'company_name', value: 'Higiene', created_at: at(0), updated_at: at(0) }]),
    });
    const context = { db, transport, pageSize: 500, incremental: true, isStopped: () => false };
    await pullAll(context);
    expect((await readAll(db, 'roles')).map((role) => role.name).sort()).toEqual(['Administrativo', 'Cliente']);
    expect(await readAll(db, 'settings')).toMatchObject([{ id: 7, option: 'company_name', value: 'Higiene' }]);
    roles = [named(2, 'Clientes', 5)];
    await pullAll(context);
    expect((await readAll(db, 'roles')).map((role) => role.name).sort()).toEqual(['Administrativo', 'Clientes']);
  });

  describe('a list declared replaceOnPull', () => {
    const lookups = defineReadOnlyResource({
      name: 'lookups',
      label: 'Tipo',
      list: 'api/lookups',
      schema: namedRecordSchema,
      replaceOnPull: true,
      listQuery: { trashed: 'true' },
    });
    let small: SyncDatabase;
    afterEach(async () => {
      small.close();
      await small.delete();
    });

    it('is read whole in documented mode each time; records that vanished are removed, the others kept under their keys', async () => {
      small = new SyncDatabase(`test-${newKey()}`, {
        registry: new ResourceRegistry([lookups]),
        versions: [{ version: 1, stores: { ...ENGINE_STORES, ...resourceStores([lookups]) } }],
      });
      let list = [named(1, 'Boleto'), named(2, 'PIX'), named(3, 'Cartão')];
      const { calls, queries, transport } = fakeServer({ 'api/lookups': () => list });
      const context = { db: small, transport, pageSize: 500, incremental: true, isStopped: () => false };
      await pullAll(context);
      const first = new Map((await readAll(small, 'lookups')).map((record) => [record.id, record.key]));
      expect([...first.keys()].sort()).toEqual([1, 2, 3]);
      list = [named(1, 'Boleto'), named(3, 'Cartão de crédito', 9)];
      await pullAll(context);
      const second = await readAll(small, 'lookups');
      expect(second.map((record) => [record.id, record.name]).sort()).toEqual([
        [1, 'Boleto'],
        [3, 'Cartão de crédito'],
      ]);
      expect(second.find((record) => record.id === 1)!.key).toBe(first.get(1));
      expect(calls).toEqual(['api/lookups', 'api/lookups']);
      // Documented mode, with the resource's own query (no updated_since).
      expect(queries).toEqual(['?trashed=true', '?trashed=true']);
    });
  });
});

describe('only the lists the user may read', () => {
  const user = (typeId: number, roleSlug: string | null, modules: string[]) =>
    readerOf({ settings: { user_type_id: typeId, role: roleSlug ? { slug: roleSlug } : null }, modules: modules.map((slug) => ({ slug })) });
  // The read-only lists every signed-in user reads (not users, payment and exposition types).
  const readOnly = READ_ONLY_RESOURCES.filter((resource) => !resource.read?.modules).map((resource) => resource.name);
  const cases: Array<[string, Reader, string[]]> = [
    ['a customer-type user', user(2, 'cliente', ['dashboard', 'customers', 'samples']), ['customers', ...readOnly]],
    ['a user without modules', user(2, 'sem-modulos', []), readOnly],
    [
      'a technician',
      user(2, 'tecnico-de-campo', ['customers', 'quotations', 'samples', 'products', 'equipment']),
      [
        'product_types',
        'equipment_categories',
        'equipment',
        'products',
        'services',
        'costs',
        'customers',
        'payment_types',
        'exposition_types',
        ...readOnly,
      ],
    ],
    ['a costs-only user', user(2, 'custos', ['costs']), ['product_types', 'costs', ...readOnly]],
    ['a users-module user', user(2, 'rh', ['users']), ['users', ...readOnly]],
    // Administrators read everything: compared with the whole pull order below.
    ['an administrator without a role', user(1, null, []), []],
  ];

  // The resources these cases know; a resource added later is checked by its own rule only.
  const known = new Set([...cases.flatMap(([, , names]) => names), 'users', 'payment_types', 'exposition_types']);

  it.each(cases)('%s', (_label, reader, expected) => {
    const pulled = pullableResources(db, reader);
    for (const resource of pulled) expect(mayRead(reader, resource.read), resource.name).toBe(true);
    const names = pulled.map((resource) => resource.name);
    if (reader.isAdmin) expect(names).toEqual(db.registry.pullOrder().map((resource) => resource.name));
    else expect(names.filter((name) => known.has(name)).sort()).toEqual([...expected].sort());
  });

  it('asks the server for none of the others', async () => {
    const reader = user(2, 'cliente', ['customers']);
    const { calls, transport } = fakeServer(
      Object.fromEntries(
        pullableResources(db, reader).map((resource) => [resource.paths.list!.replace('/{skip}/{take}', '/0/500'), () => pullShape([])]),
      ),
    );
    await pullAll({ db, transport, pageSize: 500, incremental: true, isStopped: () => false, reader });
    expect(calls.sort()).toEqual(
      pullableResources(db, reader)
        .map((resource) => resource.paths.list!.replace('/{skip}/{take}', '/0/500'))
        .sort(),
    );
    expect(mayRead(reader, { modules: ['costs'], customers: false })).toBe(false);
  });
});
