/**
 * Brings the server's changes into the local store, resource by resource
 * (targets of references first, so references map to local keys).
 *
 * Incremental (docs/sync-protocol.md): the list call with `updated_since`
 * (the cursor; the epoch on the first pull) pages by `(updated_at, id)`
 * keyset with `after_id` until a page is shorter than `take`, applies
 * `deleted_ids`, then keeps `server_time − 60 s` as the next cursor, so a
 * write that committed late is re-read rather than missed. A server that
 * refuses the extension (a 4xx, or an answer without the pull shape) is read
 * by documented full paging, and local records it no longer lists are removed.
 *
 * Each page is applied in its own transaction; a record with pending local
 * changes is never overwritten (see apply-server.ts). The cursor only moves
 * when every page of the resource arrived.
 *
 * Only the lists the signed-in user may read are asked for: each resource
 * declares its read rule (sync/contract/access.ts, the same rules the
 * server's guards use) and the engine is given the user's modules, read
 * afresh on every pull, so a change of permissions is followed by the next
 * sync. A list refused anyway (403: permissions changed on the server
 * since) is skipped. Lines arrive inside their parent.
 *
 * Read-only resources are pulled the same way; one declared
 * `replaceOnPull` is read whole in documented mode each time, and the
 * local records the server no longer lists are removed.
 *
 * With `batch`, the incremental lists travel together in pull batch calls
 * (pull-batch.ts: several lists' next pages per round trip), with the steps
 * below; a server without the call is read list by list.
 */
import { z } from 'zod';
import { mayRead, type Reader } from '../contract/access';
import { pullResponseSchema } from '../contract/sync';
import type { SyncDatabase } from '../store/database';
import { META, readMeta, writeMeta, type PullCursor } from '../store/meta';
import { withReopen } from '../store/reopen';
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';
import { applyServerDelete, applyServerRecords, keysWithEntries } from './apply-server';
import { SyncError } from './errors';
import { pullInBatches, type BatchSteps } from './pull-batch';
import { removeRecord } from './references';
import type { Transport } from './transport';
import { fillPath } from './wire';

export const PULL_EPOCH = '1970-01-01T00:00:00.000Z';
export const PULL_OVERLAP_MS = 60_000;
export const DEFAULT_PULL_PAGE_SIZE = 1000;

export interface PullContext {
  db: SyncDatabase;
  transport: Transport;
  pageSize: number;
  /** False forces documented full paging (a server without the sync extensions). */
  incremental: boolean;
  isStopped: () => boolean;
  /** The signed-in user's read rights; null or absent: unknown, every list is asked for (a 403 is skipped). */
  reader?: Reader | null;
  /** Several lists per call (pull-batch.ts); absent or false: one call per list and page. */
  batch?: boolean;
}

/** The resources a pull asks for: those with a list call that the user may read. */
export function pullableResources(db: SyncDatabase, reader: Reader | null | undefined): ResourceDefinition[] {
  const order = db.registry.pullOrder();
  return reader ? order.filter((resource) => mayRead(reader, resource.read)) : order;
}

/**
 * Pulls every resource, in pull order: in batch calls when the context says
 * so and the server has them, else list by list.
 */
export async function pullAll(context: PullContext): Promise<void> {
  const order = pullableResources(context.db, context.reader);
  if (context.batch && context.incremental) await pullBatched(context, order);
  else await pullListByList(context, order);
}

/**
 * Each run of incremental lists in batch calls; a list read whole
 * (`replaceOnPull`) alone in its place; what the batch leaves (a server
 * without it) list by list.
 */
async function pullBatched(context: PullContext, order: readonly ResourceDefinition[]): Promise<void> {
  const steps = batchSteps(context);
  let run: ResourceDefinition[] = [];
  const flush = async () => {
    const left = await pullInBatches(context, run, steps);
    run = [];
    await pullListByList(context, left);
  };
  for (const resource of order) {
    if (incrementalFor(context, resource)) {
      run.push(resource);
      continue;
    }
    await flush();
    if (context.isStopped()) return;
    await pullResource(context, resource);
  }
  await flush();
}

/** A list's pull, as the batch runs it: the same cursor, page and end as `pullIncremental`. */
function batchSteps(context: PullContext): BatchSteps {
  const { db } = context;
  return {
    cursorOf: async (resource) => (await withReopen(db, () => readMeta<PullCursor>(db, META.cursor(resource.name))))?.updated_since ?? PULL_EPOCH,
    apply: (resource, list, deletedIds) => applyPage(db, resource, list, deletedIds),
    finish: (resource, serverTime) => saveCursor(db, resource, serverTime),
    alone: (resource) => pullResource(context, resource),
  };
}

/**
 * List by list. The first page of each is requested at once (one round trip
 * of latency instead of one per list, which matters on a tablet's mobile
 * connection); pages are applied in pull order.
 */
async function pullListByList(context: PullContext, order: readonly ResourceDefinition[]): Promise<void> {
  const firstPages = order.map((resource) => (incrementalFor(context, resource) ? settle(firstIncrementalPage(context, resource)) : undefined));
  for (const [index, resource] of order.entries()) {
    if (context.isStopped()) return;
    await pullResource(context, resource, firstPages[index]);
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects, so first pages requested ahead are never unhandled rejections. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

async function unwrap<T>(settled: Promise<Settled<T>>): Promise<T> {
  const result = await settled;
  if (!result.ok) throw result.error;
  return result.value;
}

interface PageRequest {
  path: string;
  paged: boolean;
  since: string;
  answer: GetResult;
}

async function firstIncrementalPage(context: PullContext, resource: ResourceDefinition): Promise<PageRequest> {
  const { db } = context;
  const cursor = await withReopen(db, () => readMeta<PullCursor>(db, META.cursor(resource.name)));
  const listPath = resource.paths.list!;
  const paged = listPath.includes('{take}');
  const path = paged ? fillPath(listPath, { skip: 0, take: context.pageSize }) : listPath;
  const since = cursor?.updated_since ?? PULL_EPOCH;
  return { path, paged, since, answer: await get(context, path, { updated_since: since }) };
}

export async function pullResource(context: PullContext, resource: ResourceDefinition, firstPage?: Promise<Settled<PageRequest>>): Promise<void> {
  try {
    if (incrementalFor(context, resource)) {
      const first = await unwrap(firstPage ?? settle(firstIncrementalPage(context, resource)));
      if ((await pullIncremental(context, resource, first)) === 'done') return;
    }
    await pullFull(context, resource);
  } catch (error) {
    // The user's modules do not include this list: nothing to pull, and the rest of the pull goes on.
    if (error instanceof Forbidden) return;
    throw error;
  }
}

class Forbidden extends Error {}

function incrementalFor(context: PullContext, resource: ResourceDefinition): boolean {
  return context.incremental && !resource.replaceOnPull;
}

/** The records of a documented list answer: the array itself, its `list`, or the resource's `listField`. */
function documentedList(resource: ResourceDefinition, body: unknown): unknown {
  if (Array.isArray(body)) return body;
  const field = resource.listField ?? 'list';
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

type GetResult = { ok: true; body: unknown } | { ok: false; status: number };

/** A GET whose failures other than a 4xx end the pull with a typed error. */
async function get(context: PullContext, path: string, query: Record<string, string | number | undefined>): Promise<GetResult> {
  const outcome = await context.transport.send({ method: 'GET', path, query });
  if (outcome.kind !== 'response') throw SyncError.of('network');
  const { status, body } = outcome;
  if (status >= 200 && status < 300) return { ok: true, body };
  if (status === 401) throw SyncError.of('unauthorized', undefined, { status });
  if (status === 403) throw new Forbidden();
  if (status === 408 || status === 429 || status >= 500) throw SyncError.of('server', undefined, { status });
  return { ok: false, status };
}

async function pullIncremental(context: PullContext, resource: ResourceDefinition, first: PageRequest): Promise<'done' | 'unsupported'> {
  const { db } = context;
  const { path, paged } = first;
  const schema = pullResponseSchema(resource.schema);
  let since: string;
  let afterId: number;
  let serverTime: string | undefined;
  let answer: Promise<Settled<GetResult>> = Promise.resolve({ ok: true, value: first.answer });
  for (;;) {
    if (context.isStopped()) return 'done';
    const current = await unwrap(answer);
    if (!current.ok) {
      if (serverTime === undefined) return 'unsupported';
      throw SyncError.of('server', undefined, { status: current.status });
    }
    const page = schema.safeParse(current.body);
    if (!page.success) {
      if (serverTime === undefined) return 'unsupported';
      throw SyncError.of('server');
    }
    const list = page.data.list as RecordFields[];
    const last = list.at(-1);
    const more = paged && last !== undefined && list.length >= context.pageSize;
    if (more) {
      // The next page is asked for before this one is written: the keyset cursor is known from the
      // page itself, and the server's answer then arrives while the store writes (the pull's bound).
      since = last.updated_at as string;
      afterId = last.id as number;
      answer = settle(get(context, path, { updated_since: since, after_id: afterId }));
    }
    await applyPage(db, resource, list, page.data.deleted_ids);
    serverTime ??= page.data.server_time;
    if (!more) break;
  }
  await saveCursor(db, resource, serverTime!);
  return 'done';
}

/** Every page of the list arrived: the next pull starts at the first page's server_time less the overlap. */
async function saveCursor(db: SyncDatabase, resource: ResourceDefinition, serverTime: string): Promise<void> {
  const next = new Date(Date.parse(serverTime) - PULL_OVERLAP_MS).toISOString();
  await withReopen(db, () => writeMeta(db, META.cursor(resource.name), { updated_since: next } satisfies PullCursor));
}

async function pullFull(context: PullContext, resource: ResourceDefinition): Promise<void> {
  const { db } = context;
  const listPath = resource.paths.list!;
  const paged = listPath.includes('{take}');
  const listSchema = z.array(resource.schema);
  const seen = new Set<number>();
  for (let skip = 0; ; skip += context.pageSize) {
    if (context.isStopped()) return;
    const path = paged ? fillPath(listPath, { skip, take: context.pageSize }) : listPath;
    const answer = await get(context, path, { ...resource.listQuery });
    if (!answer.ok) throw SyncError.of('server', undefined, { status: answer.status });
    const parsed = listSchema.safeParse(documentedList(resource, answer.body));
    if (!parsed.success) throw SyncError.of('server');
    const list = parsed.data as RecordFields[];
    for (const record of list) seen.add(record.id as number);
    await applyPage(db, resource, list, []);
    if (!paged || list.length < context.pageSize) break;
  }
  await withReopen(db, () =>
    db.write(async (store) => {
      const pending = await keysWithEntries(store);
      const gone = await store
        .records(resource.name)
        .where('id')
        .above(0)
        .filter((record) => !seen.has(record.id!) && !pending.has(record.key))
        .primaryKeys();
      for (const key of gone) await removeRecord(store, resource.name, key);
      // A full read is the new starting point; the next run tries the incremental call again from scratch.
      await store.meta.delete(META.cursor(resource.name));
    }),
  );
}

async function applyPage(db: SyncDatabase, resource: ResourceDefinition, list: RecordFields[], deletedIds: readonly number[]): Promise<void> {
  if (list.length === 0 && deletedIds.length === 0) return;
  await withReopen(db, () =>
    db.write(async (store) => {
      const pending = await keysWithEntries(store);
      await applyServerRecords(store, resource, list, pending);
      for (const id of deletedIds) await applyServerDelete(store, resource, id, pending);
    }),
  );
}
