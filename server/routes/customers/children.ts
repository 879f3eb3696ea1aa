/**
 * The write calls of a customer's addresses and contact, written once
 * (docs/sync-protocol.md, "Child lines"):
 *
 *   POST   {base}            create            201 child (200 when it updated the one allowed)
 *   PUT    {base}/:childId   update            200 child, 409 { message, current child }
 *   DELETE {base}/:childId   delete            204
 *
 * where {base} is api/customer/:id/address or api/customer/:id/contact.
 * Every write locks the customer and moves its `updated_at` (its embedded
 * lists are authoritative on pull); If-Match guards a child like any
 * record. Customer-type users are refused by the route config. Each
 * write's answer is kept in its transaction (server/sync/idempotent-answer.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import type { customerAddresses, customerContacts } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import { conflictAnswerSchema } from '@server/sync/conflict';
import { idParam } from '@server/sync/crud-routes';
import { keepAnswer, sendKept } from '@server/sync/idempotent-answer';
import { atVersion, ifMatchOf, nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { CUSTOMER_WRITE } from './access';
import { bumpCustomer, lockCustomer } from './parent';

type ChildTable = typeof customerAddresses | typeof customerContacts;
type ChildRow = { id: number; customer_id: number; updated_at: Date } & Record<string, unknown>;

export type ChildDefinition<W, I> = {
  table: ChildTable;
  /** Path of the customer's children, with the customer as `:id`. */
  basePath: string;
  notFoundMessage: string;
  /** `update`: the PUT body when it differs from the create's (default `input`). */
  schemas: { item: z.ZodType<W>; input: z.ZodType<I>; update?: z.ZodType<I> };
  toWire(row: never): W;
  /** Column values for an insert (current null) or an update. */
  values(tx: Tx, customerId: number, input: I, current: ChildRow | null): Promise<Record<string, unknown>>;
  /** A child a create updates instead of adding another (a customer has one contact). */
  existing?(tx: Tx, customerId: number): Promise<number | undefined>;
};

const parentParams = z.object({ id: idParam });
const childParams = z.object({ id: idParam, childId: idParam });

export function registerChildRoutes<W, I>(scope: ZodApp, ctx: AppContext, def: ChildDefinition<W, I>) {
  // Schemas validate and serialize; inside this generic helper handlers see plain request types.
  const app = scope as unknown as FastifyInstance;
  const { table } = def;
  const conflict = conflictAnswerSchema(def.schemas.item);

  async function readChild(tx: Tx, customerId: number, childId: number, lock: boolean): Promise<ChildRow | undefined> {
    const query = tx
      .select()
      .from(table)
      .where(and(eq(table.id, childId), eq(table.customer_id, customerId)))
      .$dynamic();
    const [row] = await (lock ? query.for('update') : query);
    return row as ChildRow | undefined;
  }

  async function current(tx: Tx, customerId: number, childId: number): Promise<W> {
    return def.toWire((await readChild(tx, customerId, childId, false)) as never);
  }

  app.post(
    def.basePath,
    { config: CUSTOMER_WRITE, schema: { params: parentParams, body: def.schemas.input, response: { 200: def.schemas.item, 201: def.schemas.item } } },
    async (request, reply) => {
      const { id: customerId } = request.params as { id: number };
      const input = request.body as I;
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const existingId = await def.existing?.(tx, customerId);
        if (existingId !== undefined) {
          const row = (await readChild(tx, customerId, existingId, true))!;
          const values = await def.values(tx, customerId, input, row);
          await tx
            .update(table)
            .set({ ...values, updated_at: nextUpdatedAt(table.updated_at, now) } as never)
            .where(eq(table.id, existingId));
          await bumpCustomer(tx, customerId, now);
          return keepAnswer(tx, request, reply, 200, await current(tx, customerId, existingId));
        }
        const values = await def.values(tx, customerId, input, null);
        const [row] = await tx
          .insert(table)
          .values({ ...values, customer_id: customerId, created_at: now, updated_at: now } as never)
          .returning({ id: table.id });
        await bumpCustomer(tx, customerId, now);
        return keepAnswer(tx, request, reply, 201, await current(tx, customerId, row!.id));
      });
      return sendKept(reply, kept);
    },
  );

  app.put(
    `${def.basePath}/:childId`,
    {
      config: CUSTOMER_WRITE,
      schema: { params: childParams, body: def.schemas.update ?? def.schemas.input, response: { 200: def.schemas.item, 409: conflict } },
    },
    async (request, reply) => {
      const { id: customerId, childId } = request.params as { id: number; childId: number };
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const row = await readChild(tx, customerId, childId, true);
        if (!row) throw notFound(def.notFoundMessage);
        if (version && row.updated_at.getTime() !== version.getTime()) {
          return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: def.toWire(row as never) });
        }
        const values = await def.values(tx, customerId, request.body as I, row);
        await tx
          .update(table)
          .set({ ...values, updated_at: nextUpdatedAt(table.updated_at, now) } as never)
          .where(atVersion(table.id, childId, table.updated_at, version));
        await bumpCustomer(tx, customerId, now);
        return keepAnswer(tx, request, reply, 200, await current(tx, customerId, childId));
      });
      return sendKept(reply, kept);
    },
  );

  app.delete(
    `${def.basePath}/:childId`,
    { config: CUSTOMER_WRITE, schema: { params: childParams, response: { 409: conflict } } },
    async (request, reply) => {
      const { id: customerId, childId } = request.params as { id: number; childId: number };
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const row = await readChild(tx, customerId, childId, true);
        if (!row) throw notFound(def.notFoundMessage);
        if (version && row.updated_at.getTime() !== version.getTime()) {
          return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: def.toWire(row as never) });
        }
        await tx.delete(table).where(eq(table.id, childId));
        await bumpCustomer(tx, customerId, now);
        return keepAnswer(tx, request, reply, 204);
      });
      return sendKept(reply, kept);
    },
  );
}
