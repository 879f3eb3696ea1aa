/**
 * "The server holds exactly the intended records, once, and the local store
 * agrees": reads the catalog straight from the server (documented list
 * calls, not the engine's pull) and compares it with a device's local store,
 * record by record and line by line.
 */
import { expect } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import type { ResourceDefinition } from '@sync/store/registry/resource';
import type { RecordFields, StoredRecord } from '@sync/store/types';
import type { SyncServer } from './sync-server';

export type ServerCatalog = Record<string, RecordFields[]>;

function listPath(resource: ResourceDefinition): string {
  return resource.paths.list!.replace('{skip}', '0').replace('{take}', '1000');
}

/** Every record of every listed resource, as the server has it now. */
export async function readServerCatalog(server: SyncServer, db: SyncDatabase, token: string): Promise<ServerCatalog> {
  const catalog: ServerCatalog = {};
  for (const resource of db.registry.pullOrder()) {
    const response = await fetch(`${server.directUrl}/${listPath(resource)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `list ${resource.name}`).toBe(200);
    const body = (await response.json()) as RecordFields[] | Record<string, RecordFields[]>;
    // Settings answer `{ options }`: the resource names where its list sits.
    catalog[resource.name] = Array.isArray(body) ? body : body[resource.listField ?? 'list']!;
  }
  return catalog;
}

/** The input fields of a record (what a save sends), references by server id. */
export function inputOf(resource: ResourceDefinition, record: RecordFields): RecordFields {
  const fields: RecordFields = {};
  for (const field of Object.keys(resource.input.shape)) {
    const value = record[field];
    fields[field] = value === undefined || value === '' ? null : value;
  }
  return fields;
}

export async function liveRecords(db: SyncDatabase, resource: string): Promise<StoredRecord[]> {
  return (await db.records(resource).toArray()).filter((record) => !record._deleted);
}

/**
 * Asserts that the device has nothing left to send and holds exactly what the
 * server holds: same ids, same input fields, same lines per agent and
 * service. Returns the server catalog for further checks.
 */
export async function expectConverged(server: SyncServer, db: SyncDatabase, token: string): Promise<ServerCatalog> {
  const outbox = await db.outbox.toArray();
  expect(outbox, 'outbox drained').toEqual([]);
  const catalog = await readServerCatalog(server, db, token);
  for (const resource of db.registry.pullOrder()) {
    const remote = catalog[resource.name]!;
    const local = await liveRecords(db, resource.name);
    expect(
      local.every((record) => record.id !== null),
      `${resource.name}: every local record has a server id`,
    ).toBe(true);
    expect(new Set(remote.map((record) => record.id)).size, `${resource.name}: no duplicate ids on the server`).toBe(remote.length);
    const byId = (records: RecordFields[]) =>
      [...records].sort((a, b) => (a.id as number) - (b.id as number)).map((record) => ({ id: record.id, ...inputOf(resource, record) }));
    expect(byId(local), `${resource.name}: local store agrees with the server`).toEqual(byId(remote));
    for (const childName of resource.children) {
      const child = db.registry.get(childName);
      for (const parent of remote) {
        const localParent = local.find((record) => record.id === parent.id)!;
        const serverLines = (parent[child.parent!.embeddedAs] as RecordFields[]).map((line) => ({
          id: line.id,
          equipment_id: line.equipment_id,
          quantity: line.quantity,
        }));
        const localLines = (await db.records(childName).where(child.parent!.keyField).equals(localParent.key).toArray())
          .filter((line) => !line._deleted)
          .map((line) => ({ id: line.id, equipment_id: line.equipment_id, quantity: line.quantity }));
        const sortById = (lines: RecordFields[]) => [...lines].sort((a, b) => (a.id as number) - (b.id as number));
        expect(sortById(localLines), `${childName} of ${resource.name} ${parent.id}`).toEqual(sortById(serverLines));
      }
      const orphans = (await liveRecords(db, childName)).filter((line) => !local.some((parent) => parent.key === line[child.parent!.keyField]));
      expect(orphans, `${childName}: no line without its parent`).toEqual([]);
    }
  }
  return catalog;
}
