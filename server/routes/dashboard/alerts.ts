/**
 * The caller's alerts (samples.md section 7; docs/decisions/dashboard.md):
 *
 *   GET api/dashboard/alerts/{skip}/{take}   newest first, `{ list, total_items }`; with `updated_since`
 *                                            (and `after_id`) the incremental pull of the devices' read-only
 *                                            `alerts` resource (server/sync/list.ts)
 *   GET api/dashboard/alerts/unread/         the unread ones, newest first (at most UNREAD_LIST_LIMIT), and their count
 *   GET api/dashboard/alerts/read/{id}       marks one read (again: unchanged) and answers it; PUT on the same path
 *                                            does the same, for the device's online write (a GET is never queued
 *                                            nor replayed by anything in between)
 *
 * Every read first raises the calibration alerts due today (alert-events.ts).
 * Another user's alert is not found (404), as if it did not exist.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { alertSchema, unreadAlertsSchema, UNREAD_LIST_LIMIT, type Alert } from '@sync/contract/dashboard';
import { idParamSchema } from '@sync/contract/fields';
import { listResponseSchema, skipTakeParamsSchema } from '@sync/contract/list';
import { listQuerySchema, pullResponseSchema } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import type { Db, Tx } from '@server/db/client';
import { alerts } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import { isoOrNull, syncFields } from '@server/lib/wire';
import { listRecords, pullCursorOf, pullRecords, type ListSource } from '@server/sync/list';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { DASHBOARD_ACCESS } from './access';
import { raiseCalibrationAlerts } from './alert-events';

export const ALERT_MESSAGES = { notFound: 'Alerta não encontrado.' } as const;

function toAlert(row: typeof alerts.$inferSelect): Alert {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    subject_id: row.subject_id,
    read_at: isoOrNull(row.read_at),
    ...syncFields(row),
  };
}

async function loadAlerts(db: Db | Tx, ids: readonly number[]): Promise<Alert[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select()
      .from(alerts)
      .where(inArray(alerts.id, [...ids]))
  ).map(toAlert);
}

const alertSource: ListSource<Alert> = { resource: 'alerts', table: alerts, load: loadAlerts };
const NEWEST_FIRST = [desc(alerts.created_at), desc(alerts.id)];

const mine = (request: FastifyRequest) => eq(alerts.user_id, requireAuth(request).user.id);

export function registerDashboardAlerts(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/dashboard/alerts/:skip/:take',
    {
      config: DASHBOARD_ACCESS.alerts,
      schema: {
        params: skipTakeParamsSchema,
        querystring: listQuerySchema,
        response: { 200: z.union([pullResponseSchema(alertSchema), listResponseSchema(alertSchema)]) },
      },
    },
    async (request) => {
      const serverTime = writeTime(ctx.clock);
      const { user } = requireAuth(request);
      await raiseCalibrationAlerts(ctx.db, user, serverTime);
      const cursor = pullCursorOf(request.query);
      const { skip, take } = request.params;
      // The deleted ids of a pull: none are ever recorded for alerts (they go only with their user).
      if (cursor) return pullRecords(ctx.db, alertSource, cursor, take, serverTime, mine(request), user.id);
      return listRecords(ctx.db, alertSource, { where: mine(request), orderBy: NEWEST_FIRST, skip, take });
    },
  );

  app.get('/api/dashboard/alerts/unread', { config: DASHBOARD_ACCESS.alerts, schema: { response: { 200: unreadAlertsSchema } } }, async (request) => {
    const { user } = requireAuth(request);
    await raiseCalibrationAlerts(ctx.db, user, writeTime(ctx.clock));
    const unread = and(mine(request), isNull(alerts.read_at));
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(alerts)
        .where(unread)
        .orderBy(...NEWEST_FIRST)
        .limit(UNREAD_LIST_LIMIT),
      ctx.db.select({ n: count() }).from(alerts).where(unread),
    ]);
    return { list: rows.map(toAlert), total_items: total?.n ?? 0 };
  });

  const markRead = async (request: FastifyRequest) => {
    const { id } = request.params as { id: number };
    const now = writeTime(ctx.clock);
    const [row] = await ctx.db
      .update(alerts)
      .set({ read_at: now, updated_at: nextUpdatedAt(alerts.updated_at, now) } as never)
      .where(and(eq(alerts.id, id), mine(request), isNull(alerts.read_at)))
      .returning();
    if (row) return toAlert(row);
    // Already read (nothing to change), or not the caller's.
    const [current] = await ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), mine(request)));
    if (!current) throw notFound(ALERT_MESSAGES.notFound);
    return toAlert(current);
  };
  const readRoute = {
    config: DASHBOARD_ACCESS.alerts,
    schema: { params: z.object({ id: idParamSchema }), response: { 200: alertSchema } },
  };
  app.get('/api/dashboard/alerts/read/:id', readRoute, markRead);
  app.put('/api/dashboard/alerts/read/:id', readRoute, markRead);
}
