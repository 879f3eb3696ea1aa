/**
 * The device's resource registry and the server declare two things each:
 * the API paths of a resource (`sync/store/registry` and the routes the
 * server registers) and what deleting a record does to the records that
 * point at it (the registry's `onDelete`, the database's foreign keys).
 * They are written on both sides, so this test holds them equal: a path the
 * device would call that no route answers, or a delete the device applies
 * locally differently from the database, fails here instead of in the field.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema';
import { SYNCED_RESOURCES, type OnDelete, type ReferenceDefinition } from '@sync/store/registry';
import { routeRecorder } from '../helpers/route-table';
import { startTestApp, type TestApp } from '../helpers/test-app';

const recorder = routeRecorder();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ extraPlugins: [recorder.plugin], env: {} });
});
afterAll(async () => {
  await t?.close();
});

/** `api/equipment/{id}` and `/api/equipment/:id` both become `api/equipment/:`. */
function shape(path: string): string {
  return path
    .replace(/^\//, '')
    .split('?')[0]!
    .replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':');
}

const METHOD_OF_PATH = { list: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' } as const;

/** Paths the type requires but the device never calls: a sample file is never edited (no screen renames one). */
const NEVER_CALLED = new Set(['sample_files update']);

const pathCases = SYNCED_RESOURCES.flatMap((resource) =>
  Object.entries(resource.paths ?? {}).flatMap(([kind, path]) =>
    typeof path === 'string' && path !== '' && !NEVER_CALLED.has(`${resource.name} ${kind}`)
      ? [{ resource: resource.name, kind, method: METHOD_OF_PATH[kind as keyof typeof METHOD_OF_PATH], path }]
      : [],
  ),
);

describe('every path the device calls is a route of the server', () => {
  it.each(pathCases)('$resource $kind: $method $path', ({ method, path }) => {
    const served = recorder.routes.filter((route) => shape(route.url) === shape(path)).map((route) => route.method);
    expect(served).toContain(method);
  });
});

const DATABASE_ACTION: Record<OnDelete, string> = { 'set-null': 'set null', cascade: 'cascade', restrict: 'restrict' };

const tables = new Map<string, PgTable>(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableConfig(table).name, table]),
);

const referenceCases = SYNCED_RESOURCES.flatMap((resource) => {
  const references: ReferenceDefinition[] = [...(resource.references ?? []), ...(resource.parent ? [resource.parent] : [])];
  return references.map((reference) => ({
    resource: resource.name,
    field: reference.field,
    target: reference.resource,
    onDelete: reference.onDelete,
  }));
});

describe("every reference's delete behaviour is the database's", () => {
  it.each(referenceCases)('$resource.$field → $target: $onDelete', ({ resource, field, target, onDelete }) => {
    const table = tables.get(resource);
    expect(table, `no table named ${resource}`).toBeDefined();
    const key = getTableConfig(table!).foreignKeys.find((fk) => fk.reference().columns.some((column) => column.name === field));
    expect(key, `no foreign key on ${resource}.${field}`).toBeDefined();
    expect(getTableConfig(key!.reference().foreignTable).name).toBe(target);
    expect(key!.onDelete).toBe(DATABASE_ACTION[onDelete]);
  });
});
