/**
 * The five calls of a syncable resource (list, one, create, update, delete),
 * built from a definition, with the sync extensions of
 * docs/sync-protocol.md applied the same way everywhere:
 *
 * - list: documented mode or incremental pull (server/sync/list.ts);
 * - create: 201 with the record, timestamps from the injected clock;
 * - update/delete: `If-Match` checked inside the write (a conditional
 *   UPDATE/DELETE), 409 `{ message, current }` when the record moved on,
 *   404 when it is gone; `updated_at` always moves forward;
 * - delete: 204, the id recorded in deleted_records in the same transaction
 *   (with who could see it, for narrowed resources);
 *   work the delete leaves for after its commit (files on disk) runs in the
 *   background;
 * - reads narrowed per caller when the resource says so (`visibility`:
 *   customer-type users and their linked customers), deleted ids included.
 *
 * What differs per resource stays in its definition and in plain sight:
 * how input becomes columns (slugs, the CAS rule, reference checks), what a
 * delete does to records that point at it, and how rows become wire records.
 * Idempotency keys are handled around all of this by the plugin; each
 * write's answer is kept in its own transaction (idempotent-answer.ts), so
 * a replay after a crash gets it back instead of a false 409.
 */
import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listResponseSchema, skipTakeParamsSchema } from '@sync/contract/list';
import { CONFLICT_MESSAGE, listQuerySchema, pullResponseSchema } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { notFound } from '../http/errors';
import { conflictAnswerSchema } from './conflict';
import { keepAnswer, sendKept } from './idempotent-answer';
import { listRecords, pullCursorOf, pullRecords, type ListSource } from './list';
import { recordDeletions } from './deletions';
import { searchCondition } from './search';
import { atVersion, ifMatchOf, nextUpdatedAt, writeTime } from './versioning';
import { idParamSchema } from '@sync/contract/fields';
import type { RouteAccess } from '../auth/access';

/** Path parameter of a record id: plain decimal digits within the integer columns (sync/contract/fields.ts). */
export const idParam = idParamSchema;
const idParamsSchema = z.object({ id: idParam });

export type RowOf = Record<string, unknown> & { id: number; updated_at: Date };

export type CrudDefinition<W, I, Q extends z.ZodRawShape = z.ZodRawShape> = ListSource<W> & {
  notFoundMessage: string;
  /** Who may read (lists, one record) and write (create, update, delete): server/auth/access.ts. */
  access: { read: RouteAccess; write: RouteAccess };
  paths: {
    /** Paged lists end in /:skip/:take; the small lists (types, categories) have none. */
    list: string;
    one?: string;
    create: string;
    update: string;
    /** Methods of the update path (the spec allows POST or PUT for product types). */
    updateMethods?: ReadonlyArray<'PUT' | 'POST'>;
    /** Must name the record's parameter `:id`; other parameters are ignored. */
    delete: string;
  };
  schemas: { item: z.ZodType<W>; input: z.ZodType<I>; filters?: Q };
  list: {
    search: readonly AnyColumn[];
    /** Resource filters of the documented mode (slug, type...). */
    where?(query: z.infer<z.ZodObject<Q>>): SQL | undefined;
    /** Documented-mode order; default newest first. */
    orderBy?(query: z.infer<z.ZodObject<Q>>): SQL[] | undefined;
    /** True when the query asks for every match without paging (equipment `all=true`). */
    unpaged?(query: z.infer<z.ZodObject<Q>>): boolean;
  };
  /**
   * Column values for an insert (current null) or an update; throws an HttpError for invalid input.
   * `request` tells who writes (a quotation's seller is the caller unless an administrator chooses).
   */
  values(tx: Tx, input: I, current: RowOf | null, request: FastifyRequest): Promise<Record<string, unknown>>;
  /**
   * A create that names a record which already exists (a sample's plan slot): that record, locked,
   * and the create updates it instead, answering 200 with it. Runs first in the create's transaction.
   */
  existing?(tx: Tx, input: I): Promise<RowOf | undefined>;
  /** Runs after an update, in its transaction: e.g. bump records that embed this one's name. */
  afterUpdate?(tx: Tx, id: number, now: Date, before: RowOf): Promise<void>;
  /**
   * Runs after an insert or an update, in its transaction, with the row in place:
   * children a body carries along (a customer's contact and first addresses).
   */
  afterSave?(tx: Tx, id: number, input: I, now: Date, created: boolean): Promise<void>;
  /**
   * Runs first on the locked row of an update or a delete (and of a create that lands on an existing
   * record), before If-Match is compared: refuse (throw) a write the record's state no longer allows,
   * whatever version the caller saw, so the refusal is the reason and never a version conflict
   * (a finalized sample: 409 without `current`).
   */
  guard?(tx: Tx, current: RowOf, request: FastifyRequest, operation: 'update' | 'delete'): Promise<void>;
  /** What this caller may see of a record, in every answer (lists, pull, one, writes); default all of it. */
  present?(request: FastifyRequest, record: W): W;
  /**
   * Runs before the delete, in its transaction: refuse (throw) or update what points at the record.
   * May return work for after the commit (removing files from disk), run in the background.
   */
  beforeDelete?(tx: Tx, id: number, now: Date): Promise<void | AfterCommit>;
  /**
   * Narrows what the caller may read (customer-type users see only their linked customers):
   * `where` joins the list conditions in both modes; `assertOne` refuses (throws) a single record
   * (given its id and the record read, undefined when there is none);
   * `viewer` is the user whose deleted ids a pull is narrowed to (undefined: every id), and
   * `viewersOf` the users who may see a record about to be deleted (server/sync/deletions.ts).
   */
  visibility?: {
    where(request: FastifyRequest): SQL | undefined;
    assertOne(request: FastifyRequest, id: number, record: W | undefined): void;
    viewer(request: FastifyRequest): number | undefined;
    viewersOf(tx: Tx, id: number): Promise<number[]>;
  };
};

/** Work a delete leaves for after its commit. */
export type AfterCommit = () => Promise<void>;

type WriteOutcome<W> = { kind: 'ok'; record: W } | { kind: 'missing' } | { kind: 'stale'; current: W };

async function loadOne<W>(db: Db | Tx, source: ListSource<W>, id: number): Promise<W | undefined> {
  const [record] = await source.load(db as Db, [id]);
  return record;
}

export function registerCrudRoutes<W, I, Q extends z.ZodRawShape>(scope: ZodApp, ctx: AppContext, def: CrudDefinition<W, I, Q>) {
  // The schemas below validate and serialize every call; inside this generic factory the
  // handlers see plain request types and cast to the definition's own.
  const app = scope as unknown as FastifyInstance;
  const { table } = def;
  const paged = def.paths.list.includes(':take');
  const querySchema = listQuerySchema.extend(def.schemas.filters ?? {});
  const listResponse = paged
    ? z.union([pullResponseSchema(def.schemas.item), listResponseSchema(def.schemas.item)])
    : z.union([pullResponseSchema(def.schemas.item), z.array(def.schemas.item)]);
  const conflict = conflictAnswerSchema(def.schemas.item);

  /** The row, locked until the transaction ends, so its version cannot move between the check and the write. */
  async function lockRow(tx: Tx, id: number): Promise<RowOf | undefined> {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    return row as RowOf | undefined;
  }

  /** The record as it is now, for a 409; `missing` when it went away meanwhile. */
  async function staleOrMissing(tx: Tx, id: number): Promise<WriteOutcome<W>> {
    const current = await loadOne(tx, def, id);
    return current === undefined ? { kind: 'missing' } : { kind: 'stale', current };
  }

  /** The record as the caller may see it. */
  function shown(request: FastifyRequest, record: W): W {
    return def.present ? def.present(request, record) : record;
  }

  /**
   * Ends a write's transaction with its answer, kept with the write: 404, 409 with the current record,
   * or the success status (204 sends no body).
   */
  function answer(tx: Tx, request: FastifyRequest, reply: FastifyReply, outcome: WriteOutcome<W | null>, status: number) {
    if (outcome.kind === 'missing') throw notFound(def.notFoundMessage);
    if (outcome.kind === 'stale')
      return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: shown(request, outcome.current as W) });
    if (status === 204) return keepAnswer(tx, request, reply, 204);
    return keepAnswer(tx, request, reply, status, outcome.record === null ? null : shown(request, outcome.record as W));
  }

  app.get(
    def.paths.list,
    {
      config: { access: def.access.read },
      schema: { ...(paged ? { params: skipTakeParamsSchema } : {}), querystring: querySchema, response: { 200: listResponse } },
    },
    async (request) => {
      const serverTime = writeTime(ctx.clock);
      const query = request.query as z.infer<typeof querySchema>;
      const params = (paged ? request.params : {}) as Partial<z.infer<typeof skipTakeParamsSchema>>;
      const cursor = pullCursorOf(query);
      const visible = def.visibility?.where(request);
      if (cursor) {
        const pulled = await pullRecords(ctx.db, def, cursor, paged ? params.take! : null, serverTime, visible, def.visibility?.viewer(request));
        return def.present ? { ...pulled, list: pulled.list.map((record) => shown(request, record)) } : pulled;
      }
      const filters = query as z.infer<z.ZodObject<Q>>;
      const where = [searchCondition(query.search, def.list.search), def.list.where?.(filters), visible].filter((c) => c !== undefined);
      const unpaged = !paged || (def.list.unpaged?.(filters) ?? false);
      const page = await listRecords(ctx.db, def, {
        where: where.length === 0 ? undefined : and(...where),
        orderBy: def.list.orderBy?.(filters),
        skip: params.skip ?? 0,
        take: unpaged ? null : params.take!,
      });
      const list = def.present ? page.list.map((record) => shown(request, record)) : page.list;
      return paged ? { ...page, list } : list;
    },
  );

  if (def.paths.one) {
    app.get(
      def.paths.one,
      { config: { access: def.access.read }, schema: { params: idParamsSchema, response: { 200: def.schemas.item } } },
      async (request) => {
        const { id } = request.params as { id: number };
        const record = await loadOne(ctx.db, def, id);
        def.visibility?.assertOne(request, id, record);
        if (record === undefined) throw notFound(def.notFoundMessage);
        return shown(request, record);
      },
    );
  }

  /** A create's writes, in its transaction: the record, and whether it is new (not a create landing on an existing one). */
  async function saveNew(tx: Tx, request: FastifyRequest, now: Date): Promise<{ record: W | undefined; created: boolean }> {
    const current = await def.existing?.(tx, request.body as I);
    if (current) {
      await def.guard?.(tx, current, request, 'update');
      const values = await def.values(tx, request.body as I, current, request);
      await tx
        .update(table)
        .set({ ...values, updated_at: nextUpdatedAt(table.updated_at, now) } as never)
        .where(eq(table.id, current.id));
      await def.afterUpdate?.(tx, current.id, now, current);
      await def.afterSave?.(tx, current.id, request.body as I, now, false);
      return { record: await loadOne(tx, def, current.id), created: false };
    }
    const values = await def.values(tx, request.body as I, null, request);
    const [row] = await tx
      .insert(table)
      .values({ ...values, created_at: now, updated_at: now } as never)
      .returning({ id: table.id });
    await def.afterSave?.(tx, row!.id as number, request.body as I, now, true);
    return { record: await loadOne(tx, def, row!.id as number), created: true };
  }

  /** An update's writes, in its transaction, at the version the caller saw (`version` undefined: any). */
  async function saveChanges(tx: Tx, request: FastifyRequest, id: number, version: Date | undefined, now: Date): Promise<WriteOutcome<W>> {
    const current = await lockRow(tx, id);
    if (!current) return { kind: 'missing' };
    await def.guard?.(tx, current, request, 'update');
    if (version && current.updated_at.getTime() !== version.getTime()) return staleOrMissing(tx, id);
    const values = await def.values(tx, request.body as I, current, request);
    const updated = await tx
      .update(table)
      .set({ ...values, updated_at: nextUpdatedAt(table.updated_at, now) } as never)
      .where(atVersion(table.id, id, table.updated_at, version))
      .returning({ id: table.id });
    if (updated.length === 0) return staleOrMissing(tx, id); // cannot happen under the lock; kept as a guard
    await def.afterUpdate?.(tx, id, now, current);
    await def.afterSave?.(tx, id, request.body as I, now, false);
    return { kind: 'ok', record: (await loadOne(tx, def, id))! };
  }

  /** A delete's writes, in its transaction, with the work it leaves for after the commit. */
  async function remove(
    tx: Tx,
    request: FastifyRequest,
    id: number,
    version: Date | undefined,
    now: Date,
  ): Promise<{ outcome: WriteOutcome<W | null>; afterCommit?: AfterCommit }> {
    const current = await lockRow(tx, id);
    if (!current) return { outcome: { kind: 'missing' } };
    await def.guard?.(tx, current, request, 'delete');
    if (version && current.updated_at.getTime() !== version.getTime()) return { outcome: await staleOrMissing(tx, id) };
    // Who could see it, read before the delete takes its links along.
    const viewers = await def.visibility?.viewersOf(tx, id);
    const afterCommit = (await def.beforeDelete?.(tx, id, now)) ?? undefined;
    const deleted = await tx
      .delete(table)
      .where(atVersion(table.id, id, table.updated_at, version))
      .returning({ id: table.id });
    if (deleted.length === 0) throw new Error('locked row vanished during its delete');
    await recordDeletions(tx, def.resource, [id], now, viewers);
    return { outcome: { kind: 'ok', record: null }, afterCommit };
  }

  app.post(
    def.paths.create,
    { config: { access: def.access.write }, schema: { body: def.schemas.input, response: { 200: def.schemas.item, 201: def.schemas.item } } },
    async (request, reply) => {
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        const { record, created } = await saveNew(tx, request, now);
        return keepAnswer(tx, request, reply, created ? 201 : 200, record === undefined ? record : shown(request, record));
      });
      return sendKept(reply, kept);
    },
  );

  for (const method of def.paths.updateMethods ?? ['PUT']) {
    app.route({
      method,
      url: def.paths.update,
      config: { access: def.access.write },
      schema: { params: idParamsSchema, body: def.schemas.input, response: { 200: def.schemas.item, 409: conflict } },
      handler: async (request, reply) => {
        const { id } = request.params as { id: number };
        const version = ifMatchOf(request);
        const now = writeTime(ctx.clock);
        const kept = await ctx.db.transaction(async (tx) => answer(tx, request, reply, await saveChanges(tx, request, id, version, now), 200));
        return sendKept(reply, kept);
      },
    });
  }

  app.delete(
    def.paths.delete,
    { config: { access: def.access.write }, schema: { params: idParamsSchema, response: { 409: conflict } } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      let afterCommit: AfterCommit | undefined;
      const kept = await ctx.db.transaction(async (tx) => {
        const removed = await remove(tx, request, id, version, now);
        afterCommit = removed.afterCommit;
        return answer(tx, request, reply, removed.outcome, 204);
      });
      if (afterCommit) ctx.background.run(`after deleting ${def.resource} ${id}`, afterCommit);
      return sendKept(reply, kept);
    },
  );
}
