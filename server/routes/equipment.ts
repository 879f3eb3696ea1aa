/**
 * Equipment (spec section 7): `GET api/equipment/all/{skip}/{take}` with
 * `search` (name, serial number, calibration certificate), `type`
 * ('instrumento' or 'calibrador') and `all=true` (every match by name, no
 * paging: the instrument pickers of the samples), `GET`/`PUT`/`DELETE
 * api/equipment/{id}` and `POST api/equipment`.
 *
 * Agents and services list equipment by name, so renaming equipment moves
 * their `updated_at`, and deleting it removes those lines and moves them too.
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { EQUIPMENT_TYPES, equipmentInputSchema, equipmentSchema, type Equipment } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { equipment, equipmentCategories } from '../db/schema';
import { badRequest } from '../http/errors';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { optionalValues } from '../sync/input';
import { byName, type ListSource } from '../sync/list';
import { CATALOG_ACCESS } from './catalog-access';
import { bumpParents, parentsListing, PRODUCT_LINES, SERVICE_LINES } from './equipment-lines';

export const EQUIPMENT_MESSAGES = {
  notFound: 'Equipamento não encontrado.',
  categoryNotFound: 'Categoria não encontrada.',
} as const;

/** Wire records of these equipment ids, with their category. */
export async function loadEquipment(db: Db | Tx, ids: readonly number[]): Promise<Equipment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: equipment, category: { id: equipmentCategories.id, name: equipmentCategories.name } })
    .from(equipment)
    .leftJoin(equipmentCategories, eq(equipmentCategories.id, equipment.category_id))
    .where(inArray(equipment.id, [...ids]));
  return rows.map(({ item, category }) => ({
    id: item.id,
    name: item.name,
    slug: item.slug,
    serial_number: item.serial_number,
    calibration_certificate: item.calibration_certificate,
    expiration_date: item.expiration_date,
    category_id: item.category_id,
    category: category && category.id !== null ? { id: category.id, name: category.name } : null,
    type: item.type,
    ...syncFields(item),
  }));
}

export const equipmentSource: ListSource<Equipment> = { resource: 'equipment', table: equipment, load: loadEquipment };

const filters = {
  type: z.enum(EQUIPMENT_TYPES).optional(),
  all: z.enum(['true', 'false', '1', '0']).optional(),
};

const wantsAll = (query: { all?: string | undefined }) => query.all === 'true' || query.all === '1';

/** Agents and services listing this equipment move forward (their embedded lines change). */
async function bumpListsOf(tx: Tx, equipmentId: number, now: Date) {
  for (const kind of [PRODUCT_LINES, SERVICE_LINES]) {
    await bumpParents(tx, kind.parent, await parentsListing(tx, kind, equipmentId), now);
  }
}

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...equipmentSource,
    notFoundMessage: EQUIPMENT_MESSAGES.notFound,
    access: CATALOG_ACCESS.equipment,
    paths: {
      list: '/api/equipment/all/:skip/:take',
      one: '/api/equipment/:id',
      create: '/api/equipment',
      update: '/api/equipment/:id',
      delete: '/api/equipment/:id',
    },
    schemas: { item: equipmentSchema, input: equipmentInputSchema, filters },
    list: {
      search: [equipment.name, equipment.serial_number, equipment.calibration_certificate],
      where: (query) => (query.type ? eq(equipment.type, query.type) : undefined),
      orderBy: (query) => (wantsAll(query) ? byName(equipment.name, equipment.id) : undefined),
      unpaged: wantsAll,
    },
    async values(tx, input) {
      if (input.category_id != null) {
        const [found] = await tx
          .select({ id: equipmentCategories.id })
          .from(equipmentCategories)
          .where(eq(equipmentCategories.id, input.category_id));
        if (!found) throw badRequest(EQUIPMENT_MESSAGES.categoryNotFound, { category_id: [EQUIPMENT_MESSAGES.categoryNotFound] });
      }
      return {
        name: input.name,
        slug: slugify(input.name),
        ...optionalValues(input, ['serial_number', 'calibration_certificate', 'expiration_date', 'category_id', 'type']),
      };
    },
    async afterUpdate(tx, id, now, before) {
      const [after] = await tx.select({ name: equipment.name, slug: equipment.slug }).from(equipment).where(eq(equipment.id, id));
      if (after && (after.name !== before.name || after.slug !== before.slug)) await bumpListsOf(tx, id, now);
    },
    async beforeDelete(tx, id, now) {
      // The lines go with the equipment (foreign key cascade); their parents must be pulled again.
      await bumpListsOf(tx, id, now);
    },
  });
}

export const equipmentRoutes: RouteModule = { name: 'equipment', register };
