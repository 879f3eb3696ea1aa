/**
 * The list call of a read-only resource (settings, modules, user types,
 * roles, payment, exposition and sample types): small lists written only
 * by administration screens or the seed, pulled whole by the devices and
 * kept there read-only. One GET, unpaged, in two modes, like every list
 * (server/sync/list.ts):
 *
 * - documented: every record, in the resource's order, as the documented
 *   answer (an array, or e.g. `{ options }` for settings); a paged path
 *   (`/:skip/:take`, the users list) answers `{ list, total_items }`, with
 *   its search and filters;
 * - pull (`updated_since`, optionally `after_id`): the pull shape, with the
 *   ids deleted since (what deletes them records them in deleted_records).
 *
 * Who may read is the definition's `access` (server/auth/access.ts).
 */
import { and, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listResponseSchema, skipTakeParamsSchema } from '@sync/contract/list';
import { listQuerySchema, pullResponseSchema } from '@sync/contract/sync';
import type { AppContext, ZodApp } from '../app-context';
import type { RouteAccess } from '../auth/access';
import { listRecords, pullCursorOf, pullRecords, type ListSource } from './list';
import { searchCondition } from './search';
import { writeTime } from './versioning';

export type ReadOnlyListDefinition<W> = ListSource<W> & {
  path: string;
  item: z.ZodType<W>;
  orderBy: SQL[];
  access: RouteAccess;
  /** The documented answer of an unpaged list; default: the records as an array. */
  documented?: { schema: z.ZodType; wrap(list: W[]): unknown };
  /** Documented-mode search and filters (a pull reads the whole list). */
  filters?: { schema: z.ZodObject<z.ZodRawShape>; search: readonly AnyColumn[]; where(query: Record<string, unknown>): SQL | undefined };
};

export function registerReadOnlyList<W>(scope: ZodApp, ctx: AppContext, def: ReadOnlyListDefinition<W>): void {
  const app = scope as unknown as FastifyInstance;
  const documented = def.documented ?? { schema: z.array(def.item), wrap: (list: W[]) => list };
  const paged = def.path.includes(':take');
  const querySchema = def.filters ? listQuerySchema.extend(def.filters.schema.shape) : listQuerySchema;
  const answer = paged ? listResponseSchema(def.item) : documented.schema;
  app.get(
    def.path,
    {
      config: { access: def.access },
      schema: {
        ...(paged ? { params: skipTakeParamsSchema } : {}),
        querystring: querySchema,
        response: { 200: z.union([pullResponseSchema(def.item), answer]) },
      },
    },
    async (request) => {
      const serverTime = writeTime(ctx.clock);
      const query = request.query as z.infer<typeof listQuerySchema> & Record<string, unknown>;
      const params = (paged ? request.params : {}) as Partial<z.infer<typeof skipTakeParamsSchema>>;
      const cursor = pullCursorOf(query);
      if (cursor) return pullRecords(ctx.db, def, cursor, paged ? params.take! : null, serverTime);
      const where = def.filters ? [searchCondition(query.search, def.filters.search), def.filters.where(query)].filter((c) => c !== undefined) : [];
      const page = await listRecords(ctx.db, def, {
        where: where.length === 0 ? undefined : and(...where),
        orderBy: def.orderBy,
        skip: params.skip ?? 0,
        take: paged ? params.take! : null,
      });
      return paged ? page : documented.wrap(page.list);
    },
  );
}
