/**
 * Services (paths the spec leaves open, chosen in docs/sync-protocol.md):
 * `GET api/service/all/{skip}/{take}` with `search`, `GET`/`PUT`/`DELETE
 * api/service/{id}`, `POST api/service`, and the service's equipment list
 * at `api/service/{id}/equipment[/{lineId}]` (equipment-lines.ts).
 */
import { inArray } from 'drizzle-orm';
import { serviceInputSchema, serviceSchema, type Service } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { services } from '../db/schema';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import type { ListSource } from '../sync/list';
import { CATALOG_ACCESS } from './catalog-access';
import { loadLines, registerLineRoutes, SERVICE_LINES } from './equipment-lines';

export const SERVICE_MESSAGES = { notFound: 'Serviço não encontrado.' } as const;

export async function loadServices(db: Db | Tx, ids: readonly number[]): Promise<Service[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(services)
    .where(inArray(services.id, [...ids]));
  const lines = await loadLines(db, SERVICE_LINES, ids);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    price: r.price,
    equipments: lines.get(r.id) ?? [],
    ...syncFields(r),
  }));
}

export const serviceSource: ListSource<Service> = { resource: 'services', table: services, load: loadServices };

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...serviceSource,
    notFoundMessage: SERVICE_MESSAGES.notFound,
    access: CATALOG_ACCESS.services,
    paths: {
      list: '/api/service/all/:skip/:take',
      one: '/api/service/:id',
      create: '/api/service',
      update: '/api/service/:id',
      delete: '/api/service/:id',
    },
    schemas: { item: serviceSchema, input: serviceInputSchema },
    list: { search: [services.name] },
    async values(_tx, input) {
      return { name: input.name, slug: slugify(input.name), price: input.price };
    },
  });
  registerLineRoutes(app, ctx, {
    kind: SERVICE_LINES,
    basePath: '/api/service/:id/equipment',
    parentNotFound: SERVICE_MESSAGES.notFound,
    access: CATALOG_ACCESS.services.write,
  });
}

export const serviceRoutes: RouteModule = { name: 'services', register };
