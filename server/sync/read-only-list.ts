/**
 * The list call of a read-only resource (settings, modules, user types,
 * roles, payment, exposition and sample types): small lists written only
 * by administration screens or the seed, pulled whole by the devices and
 * kept there read-only. One GET, unpaged, in two modes, like every list
 * (server/sync/list.ts):
 *
 * - documented: every record, in the resource's order, as the documented
 *   answer (an array, or e.g. `{ options }` for settings);
 * - pull (`updated_since`, optionally `after_id`): the pull shape, with the
 *   ids deleted since (what deletes them records them in deleted_records).
 *
 * Any signed-in user may read unless the definition gives a guard.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema, pullResponseSchema } from '../../sync/contract/sync';
import type { AppContext, ZodApp } from '../app-context';
import type { Guard } from './crud-routes';
import { listRecords, pullCursorOf, pullRecords, type ListSource } from './list';
import { writeTime } from './versioning';

export type ReadOnlyListDefinition<W> = ListSource<W> & {
  path: string;
  item: z.ZodType<W>;
  orderBy: SQL[];
  guard?: Guard;
  /** The documented answer; default: the records as an array. */
  documented?: { schema: z.ZodType; wrap(list: W[]): unknown };
};

export function registerReadOnlyList<W>(scope: ZodApp, ctx: AppContext, def: ReadOnlyListDefinition<W>): void {
  const app = scope as unknown as FastifyInstance;
  const documented = def.documented ?? { schema: z.array(def.item), wrap: (list: W[]) => list };
  app.get(
    def.path,
    {
      ...(def.guard ? { onRequest: def.guard } : {}),
      schema: { querystring: listQuerySchema, response: { 200: z.union([pullResponseSchema(def.item), documented.schema]) } },
    },
    async (request) => {
      const serverTime = writeTime(ctx.clock);
      const cursor = pullCursorOf(request.query as z.infer<typeof listQuerySchema>);
      if (cursor) return pullRecords(ctx.db, def, cursor, null, serverTime);
      const page = await listRecords(ctx.db, def, { orderBy: def.orderBy, take: null });
      return documented.wrap(page.list);
    },
  );
}
