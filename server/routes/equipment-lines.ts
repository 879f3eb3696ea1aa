/**
 * The equipment list of an agent or a service (docs/sync-protocol.md):
 * lines are written through their own calls and every change to a line
 * also moves its parent's `updated_at`, so a pull of the parent brings the
 * new list (the parent's embedded `equipments` is authoritative).
 *
 *   POST   {base}           create a line      201 line
 *   PUT    {base}/:lineId   update a line      200 line, 409 { message, current line }
 *   DELETE {base}/:lineId   delete a line      204
 *
 * where {base} is api/product/:id/equipment or api/service/:id/equipment.
 * The parent is locked for the write, so concurrent line writes serialize
 * on it and its `updated_at` moves once per write. Each write's answer is
 * kept in its transaction (server/sync/idempotent-answer.ts).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { equipmentLineInputSchema, equipmentLineSchema, type EquipmentLine } from '@sync/contract/catalog';
import { CONFLICT_MESSAGE } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { equipment, productEquipments, products, serviceEquipments, services } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { isoFromJson, syncFields } from '../lib/wire';
import { conflictAnswerSchema } from '../sync/conflict';
import { idParam } from '../sync/crud-routes';
import { keepAnswer, sendKept } from '../sync/idempotent-answer';
import type { RouteAccess } from '../auth/access';
import type { SyncTable } from '../sync/list';
import { atVersion, ifMatchOf, nextUpdatedAt, writeTime } from '../sync/versioning';

export const LINE_MESSAGES = {
  lineNotFound: 'Equipamento da lista não encontrado.',
  equipmentNotFound: 'Equipamento não encontrado.',
} as const;

type LineTable = typeof productEquipments | typeof serviceEquipments;

export type LineKind = {
  lines: LineTable;
  /** The line's parent column (product_id / service_id). */
  parentColumn: PgColumn;
  parent: SyncTable;
};

export const PRODUCT_LINES: LineKind = { lines: productEquipments, parentColumn: productEquipments.product_id, parent: products };
export const SERVICE_LINES: LineKind = { lines: serviceEquipments, parentColumn: serviceEquipments.service_id, parent: services };

/** Lines of the given parents, by parent id, in the order they were added. */
export async function loadLines(db: Db | Tx, kind: LineKind, parentIds: readonly number[]): Promise<Map<number, EquipmentLine[]>> {
  const byParent = new Map<number, EquipmentLine[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await linesQuery(db, kind, inArray(kind.parentColumn, [...parentIds]));
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row.line);
    byParent.set(row.parentId, list);
  }
  return byParent;
}

/** A line as `linesJson` gives it: timestamps as PostgreSQL writes them in JSON. */
export type LineJson = Omit<EquipmentLine, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/**
 * The parent's lines as one JSON array value, in the order they were added, for a
 * query that selects the parent (`parentId` is its id column): the record and its
 * list in one statement, one field per row (server/routes/products.ts).
 */
export function linesJson(kind: LineKind, parentId: PgColumn): SQL<LineJson[]> {
  const { lines } = kind;
  return sql<LineJson[]>`(select coalesce(json_agg(json_build_object(
      'id', ${lines.id}, 'equipment_id', ${lines.equipment_id}, 'name', ${equipment.name}, 'slug', ${equipment.slug},
      'quantity', ${lines.quantity}, 'created_at', ${lines.created_at}, 'updated_at', ${lines.updated_at}
    ) order by ${lines.id}), '[]'::json)
    from ${lines} inner join ${equipment} on ${equipment.id} = ${lines.equipment_id}
    where ${kind.parentColumn} = ${parentId})`;
}

/** A line of `linesJson` on the wire. */
export function lineFromJson(line: LineJson): EquipmentLine {
  return {
    id: line.id,
    equipment_id: line.equipment_id,
    name: line.name,
    slug: line.slug,
    quantity: line.quantity,
    created_at: isoFromJson(line.created_at),
    updated_at: isoFromJson(line.updated_at),
  };
}

async function linesQuery(db: Db | Tx, kind: LineKind, where: SQL | undefined) {
  const { lines } = kind;
  const rows = await db
    .select({
      id: lines.id,
      parentId: kind.parentColumn,
      equipment_id: lines.equipment_id,
      quantity: lines.quantity,
      created_at: lines.created_at,
      updated_at: lines.updated_at,
      name: equipment.name,
      slug: equipment.slug,
    })
    .from(lines)
    .innerJoin(equipment, eq(equipment.id, lines.equipment_id))
    .where(where)
    .orderBy(asc(lines.id));
  return rows.map((r) => ({
    parentId: r.parentId as number,
    line: {
      id: r.id,
      equipment_id: r.equipment_id,
      name: r.name,
      slug: r.slug,
      quantity: r.quantity,
      ...syncFields(r),
    } satisfies EquipmentLine,
  }));
}

async function loadLine(db: Db | Tx, kind: LineKind, parentId: number, lineId: number): Promise<EquipmentLine | undefined> {
  const [row] = await linesQuery(db, kind, and(eq(kind.lines.id, lineId), eq(kind.parentColumn, parentId)));
  return row?.line;
}

/** Moves the parents' `updated_at` forward (a line of theirs changed, or equipment they list). */
export async function bumpParents(tx: Tx, parent: SyncTable, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(parent)
    .set({ updated_at: nextUpdatedAt(parent.updated_at, now) } as never)
    .where(inArray(parent.id, [...ids]));
}

/** Parents listing this equipment, for bumping them when it changes or goes. */
export async function parentsListing(tx: Tx, kind: LineKind, equipmentId: number): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: kind.parentColumn }).from(kind.lines).where(eq(kind.lines.equipment_id, equipmentId));
  return rows.map((r) => r.id as number);
}

async function assertEquipmentExists(tx: Tx, equipmentId: number): Promise<void> {
  const [found] = await tx.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, equipmentId));
  if (!found) throw badRequest(LINE_MESSAGES.equipmentNotFound, { equipment_id: [LINE_MESSAGES.equipmentNotFound] });
}

export type LineRoutes = {
  kind: LineKind;
  /** Path of the parent's lines, with the parent as `:id` ("/api/product/:id/equipment"). */
  basePath: string;
  parentNotFound: string;
  /** Who may write the lines (the parent's module). */
  access: RouteAccess;
};

const parentParams = z.object({ id: idParam });
const lineParams = z.object({ id: idParam, lineId: idParam });
const conflict = conflictAnswerSchema(equipmentLineSchema);

export function registerLineRoutes(app: ZodApp, ctx: AppContext, def: LineRoutes) {
  const { kind } = def;
  const { lines } = kind;

  /** Locks the parent (404 when it is gone): line writes of one parent run one at a time. */
  async function lockParent(tx: Tx, parentId: number): Promise<void> {
    const [found] = await tx.select({ id: kind.parent.id }).from(kind.parent).where(eq(kind.parent.id, parentId)).for('update');
    if (!found) throw notFound(def.parentNotFound);
  }

  async function lockLine(tx: Tx, parentId: number, lineId: number) {
    const [row] = await tx
      .select({ id: lines.id, updated_at: lines.updated_at })
      .from(lines)
      .where(and(eq(lines.id, lineId), eq(kind.parentColumn, parentId)))
      .for('update');
    if (!row) throw notFound(LINE_MESSAGES.lineNotFound);
    return row;
  }

  app.post(
    def.basePath,
    { config: { access: def.access }, schema: { params: parentParams, body: equipmentLineInputSchema, response: { 201: equipmentLineSchema } } },
    async (request, reply) => {
      const parentId = request.params.id;
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockParent(tx, parentId);
        await assertEquipmentExists(tx, request.body.equipment_id);
        const [row] = await tx
          .insert(lines)
          .values({
            [kind.parentColumn.name]: parentId,
            equipment_id: request.body.equipment_id,
            quantity: request.body.quantity,
            created_at: now,
            updated_at: now,
          } as never)
          .returning({ id: lines.id });
        await bumpParents(tx, kind.parent, [parentId], now);
        return keepAnswer(tx, request, reply, 201, await loadLine(tx, kind, parentId, row!.id));
      });
      return sendKept(reply, kept);
    },
  );

  app.put(
    `${def.basePath}/:lineId`,
    {
      config: { access: def.access },
      schema: { params: lineParams, body: equipmentLineInputSchema, response: { 200: equipmentLineSchema, 409: conflict } },
    },
    async (request, reply) => {
      const { id: parentId, lineId } = request.params;
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockParent(tx, parentId);
        const current = await lockLine(tx, parentId, lineId);
        if (version && current.updated_at.getTime() !== version.getTime()) {
          return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: await loadLine(tx, kind, parentId, lineId) });
        }
        await assertEquipmentExists(tx, request.body.equipment_id);
        await tx
          .update(lines)
          .set({ equipment_id: request.body.equipment_id, quantity: request.body.quantity, updated_at: nextUpdatedAt(lines.updated_at, now) })
          .where(atVersion(lines.id, lineId, lines.updated_at, version));
        await bumpParents(tx, kind.parent, [parentId], now);
        return keepAnswer(tx, request, reply, 200, await loadLine(tx, kind, parentId, lineId));
      });
      return sendKept(reply, kept);
    },
  );

  app.delete(
    `${def.basePath}/:lineId`,
    { config: { access: def.access }, schema: { params: lineParams, response: { 409: conflict } } },
    async (request, reply) => {
      const { id: parentId, lineId } = request.params;
      const version = ifMatchOf(request);
      const now = writeTime(ctx.clock);
      const kept = await ctx.db.transaction(async (tx) => {
        await lockParent(tx, parentId);
        const current = await lockLine(tx, parentId, lineId);
        if (version && current.updated_at.getTime() !== version.getTime()) {
          return keepAnswer(tx, request, reply, 409, { message: CONFLICT_MESSAGE, current: await loadLine(tx, kind, parentId, lineId) });
        }
        await tx.delete(lines).where(eq(lines.id, lineId));
        await bumpParents(tx, kind.parent, [parentId], now);
        return keepAnswer(tx, request, reply, 204);
      });
      return sendKept(reply, kept);
    },
  );
}
