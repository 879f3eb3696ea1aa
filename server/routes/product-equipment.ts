/**
 * An agent's equipment list (spec section 7): `POST
 * api/product/{id}/equipment`, `PUT` and `DELETE
 * api/product/{id}/equipment/{lineId}` (equipment-lines.ts), and `GET
 * api/product/equipment?search=` — the equipment to choose from, by name,
 * at most `take` (default 20).
 */
import { z } from 'zod';
import { equipmentCandidatesResponseSchema } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { equipment } from '../db/schema';
import { byName, listRecords } from '../sync/list';
import { searchCondition } from '../sync/search';
import { CATALOG_ACCESS } from './catalog-access';
import { equipmentSource } from './equipment';
import { PRODUCT_LINES, registerLineRoutes } from './equipment-lines';
import { PRODUCT_MESSAGES } from './products';
import { countParamSchema, text, TEXT_LIMITS } from '@sync/contract/fields';

const candidatesQuery = z.object({
  search: text(TEXT_LIMITS.search).optional(),
  take: countParamSchema(1, 100).optional().default(20),
});

function register(app: ZodApp, ctx: AppContext) {
  app.get(
    '/api/product/equipment',
    {
      config: { access: CATALOG_ACCESS.equipmentCandidates.read },
      schema: { querystring: candidatesQuery, response: { 200: equipmentCandidatesResponseSchema } },
    },
    async (request) => {
      const page = await listRecords(ctx.db, equipmentSource, {
        where: searchCondition(request.query.search, [equipment.name, equipment.serial_number]),
        orderBy: byName(equipment.name, equipment.id),
        take: request.query.take,
      });
      return page.list;
    },
  );

  registerLineRoutes(app, ctx, {
    kind: PRODUCT_LINES,
    basePath: '/api/product/:id/equipment',
    parentNotFound: PRODUCT_MESSAGES.notFound,
    access: CATALOG_ACCESS.products.write,
  });
}

export const productEquipmentRoutes: RouteModule = { name: 'product-equipment', register };
