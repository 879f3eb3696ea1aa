/**
 * Settings (spec section 7): `GET api/settings/all` for every signed-in
 * user (screens and printouts need company data, texts and result
 * thresholds; with `updated_since` the pull shape, as devices keep them as
 * a read-only resource), `PUT api/settings {options:[{option,value}]}` for users with
 * the settings module. A PUT upserts the options sent; an option whose value
 * did not change keeps its updated_at, so devices do not re-pull it.
 * Timestamps come from the app clock, like every synced resource
 * (server/sync/versioning.ts). Every option the screens edit is checked by
 * its group's rule (sync/contract/settings-groups.ts): a refusal (400)
 * names each bad option and saves nothing. The logo's bytes:
 * settings-logo.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import { asc, inArray, sql } from 'drizzle-orm';
import { settingSchema, settingsResponseSchema, settingsUpdateSchema, type Setting } from '@sync/contract/settings';
import { LOGO_MAX_BYTES, settingsProblems } from '@sync/contract/settings-groups';
import { openFileStore } from '@server/files/open-file-store';
import { badRequest } from '@server/http/errors';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db } from '../db/client';
import { options } from '../db/schema';
import { syncFields } from '../lib/wire';
import type { ListSource } from '../sync/list';
import { registerReadOnlyList } from '../sync/read-only-list';
import { nextUpdatedAt, writeTime } from '../sync/versioning';
import { registerLogoRoutes } from './settings-logo';
import { access } from '../auth/access';

const settingSource: ListSource<Setting> = {
  resource: 'settings',
  table: options,
  async load(db, ids) {
    const rows = await db
      .select()
      .from(options)
      .where(inArray(options.id, [...ids]));
    return rows.map((r) => ({ id: r.id, option: r.option, value: r.value, ...syncFields(r) }));
  },
};

async function allSettings(db: Db) {
  const rows = await db.select().from(options).orderBy(asc(options.option));
  return { options: rows.map((r) => ({ id: r.id, option: r.option, value: r.value, ...syncFields(r) })) };
}

async function register(app: ZodApp, ctx: AppContext) {
  registerReadOnlyList(app, ctx, {
    ...settingSource,
    // The company's settings (logo, texts, thresholds) print every document: every signed-in user reads them.
    access: access.signedIn({ customerUsers: 'self' }),
    path: '/api/settings/all',
    item: settingSchema,
    orderBy: [asc(options.option)],
    documented: { schema: settingsResponseSchema, wrap: (list) => ({ options: list }) },
  });

  app.put(
    '/api/settings',
    {
      config: { access: access.module('settings') },
      schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } },
    },
    async (request) => {
      // The same option twice in one request: the last value wins (one row can be upserted once per statement).
      const now = writeTime(ctx.clock);
      const values = [...new Map(request.body.options.map((o) => [o.option, o.value])).entries()].map(([option, value]) => ({
        option,
        value,
        created_at: now,
        updated_at: now,
      }));
      // Every option a screen edits follows its group's rule (sync/contract/settings-groups.ts); one bad value refuses the whole
      // request, so a form is saved whole or not at all and no bad threshold reaches a device.
      const problems = settingsProblems(values);
      if (Object.keys(problems).length > 0) throw badRequest([...new Set(Object.values(problems).flat())].join('\n'), problems);
      if (values.length > 0) {
        await ctx.db
          .insert(options)
          .values(values)
          .onConflictDoUpdate({
            target: options.option,
            set: { value: sql`excluded.value`, updated_at: nextUpdatedAt(options.updated_at, now) },
            setWhere: sql`${options.value} is distinct from excluded.value`,
          });
      }
      return allSettings(ctx.db);
    },
  );

  const storage = await openFileStore(ctx.config.files, ctx.clock.now());
  await app.register(fastifyMultipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  registerLogoRoutes(app, ctx, storage);
}

export const settingsRoutes: RouteModule = { name: 'settings', register };
