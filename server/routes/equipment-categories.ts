/**
 * Equipment categories (spec section 7): `GET api/equipment/categories`
 * (every category, by name; the pull shape with `updated_since`), POST,
 * PUT and DELETE `api/equipment/categories/{id}`.
 *
 * Deleting a category in use does not refuse: its equipment is left without
 * a category (and pulled again), since nothing about an instrument is lost
 * with it; see docs/decisions/sync-server.md. Renaming one moves its equipment's
 * `updated_at`, because equipment embeds the category name.
 */
import { eq, inArray } from 'drizzle-orm';
import { equipmentCategoryInputSchema, equipmentCategorySchema, type EquipmentCategory } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Tx } from '../db/client';
import { equipment, equipmentCategories } from '../db/schema';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { byName, type ListSource } from '../sync/list';
import { nextUpdatedAt } from '../sync/versioning';
import { CATALOG_ACCESS } from './catalog-access';

export const categorySource: ListSource<EquipmentCategory> = {
  resource: 'equipment_categories',
  table: equipmentCategories,
  async load(db, ids) {
    const rows = await db
      .select()
      .from(equipmentCategories)
      .where(inArray(equipmentCategories.id, [...ids]));
    return rows.map((r) => ({ id: r.id, name: r.name, ...syncFields(r) }));
  },
};

/** Equipment of the category moves forward: it embeds the category (renamed or gone). */
async function bumpEquipmentOf(tx: Tx, categoryId: number, now: Date, extra: { category_id?: null } = {}) {
  await tx
    .update(equipment)
    .set({ ...extra, updated_at: nextUpdatedAt(equipment.updated_at, now) })
    .where(eq(equipment.category_id, categoryId));
}

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...categorySource,
    notFoundMessage: 'Categoria não encontrada.',
    access: CATALOG_ACCESS.equipment,
    paths: {
      list: '/api/equipment/categories',
      create: '/api/equipment/categories',
      update: '/api/equipment/categories/:id',
      delete: '/api/equipment/categories/:id',
    },
    schemas: { item: equipmentCategorySchema, input: equipmentCategoryInputSchema },
    list: { search: [equipmentCategories.name], orderBy: () => byName(equipmentCategories.name, equipmentCategories.id) },
    async values(_tx, input) {
      return { name: input.name };
    },
    async afterUpdate(tx, id, now, before) {
      const [after] = await tx.select({ name: equipmentCategories.name }).from(equipmentCategories).where(eq(equipmentCategories.id, id));
      if (after && after.name !== before.name) await bumpEquipmentOf(tx, id, now);
    },
    async beforeDelete(tx, id, now) {
      await bumpEquipmentOf(tx, id, now, { category_id: null });
    },
  });
}

export const equipmentCategoryRoutes: RouteModule = { name: 'equipment-categories', register };
