/**
 * Costs (paths the spec leaves open, chosen in docs/sync-protocol.md):
 * `GET api/cost/all/{skip}/{take}` with `search`, `GET`/`PUT`/`DELETE
 * api/cost/{id}` and `POST api/cost`.
 */
import { inArray } from 'drizzle-orm';
import { costInputSchema, costSchema, type Cost } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { costs } from '../db/schema';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import type { ListSource } from '../sync/list';
import { CATALOG_ACCESS } from './catalog-access';

export const costSource: ListSource<Cost> = {
  resource: 'costs',
  table: costs,
  async load(db, ids) {
    const rows = await db
      .select()
      .from(costs)
      .where(inArray(costs.id, [...ids]));
    return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, price: r.price, ...syncFields(r) }));
  },
};

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...costSource,
    notFoundMessage: 'Custo não encontrado.',
    access: CATALOG_ACCESS.costs,
    paths: {
      list: '/api/cost/all/:skip/:take',
      one: '/api/cost/:id',
      create: '/api/cost',
      update: '/api/cost/:id',
      delete: '/api/cost/:id',
    },
    schemas: { item: costSchema, input: costInputSchema },
    list: { search: [costs.name] },
    async values(_tx, input) {
      return { name: input.name, slug: slugify(input.name), price: input.price };
    },
  });
}

export const costRoutes: RouteModule = { name: 'costs', register };
