/**
 * Product (agent) types (spec section 7): `GET api/product/type` (every
 * type, by name; the pull shape with `updated_since`), `POST
 * api/product/type`, `POST` or `PUT api/product/type/{id}`, and `DELETE
 * api/product/{id}/type/{typeId}` as documented (the first id is ignored).
 *
 * A type's slug is its identity for the rest of the product (agents are
 * filtered by it, 'chemical' decides the CAS field): it is derived from the
 * name once, on creation, made unique with a numeric suffix, and kept when
 * the type is renamed. The four types the system ships with (vibration,
 * chemical, noise, heat) cannot be deleted, and neither can a type agents
 * use: both answer 409 with the reason.
 */
import { count, eq, inArray, like } from 'drizzle-orm';
import { productTypeInputSchema, productTypeSchema, type ProductType } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Tx } from '../db/client';
import { products, productTypes } from '../db/schema';
import { PRODUCT_TYPES } from '../db/seed/reference-data';
import { HttpError } from '../http/errors';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { optionalValues } from '../sync/input';
import { byName, type ListSource } from '../sync/list';
import { nextUpdatedAt } from '../sync/versioning';
import { CATALOG_ACCESS } from './catalog-access';

export const PRODUCT_TYPE_MESSAGES = {
  notFound: 'Tipo de produto não encontrado.',
  systemType: 'Este tipo de produto é usado pelo sistema e não pode ser excluído.',
  inUse: 'Este tipo de produto está em uso por agentes e não pode ser excluído.',
} as const;

const SYSTEM_SLUGS = new Set<string>(PRODUCT_TYPES.map((t) => t.slug));

export const productTypeSource: ListSource<ProductType> = {
  resource: 'product_types',
  table: productTypes,
  async load(db, ids) {
    const rows = await db
      .select()
      .from(productTypes)
      .where(inArray(productTypes.id, [...ids]));
    return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, price: r.price, ...syncFields(r) }));
  },
};

/** The name's slug, or the first free "slug-2", "slug-3"... */
async function uniqueSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name) || 'tipo';
  const taken = new Set(
    (
      await tx
        .select({ slug: productTypes.slug })
        .from(productTypes)
        .where(like(productTypes.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...productTypeSource,
    notFoundMessage: PRODUCT_TYPE_MESSAGES.notFound,
    access: CATALOG_ACCESS.productTypes,
    paths: {
      list: '/api/product/type',
      create: '/api/product/type',
      update: '/api/product/type/:id',
      updateMethods: ['PUT', 'POST'],
      delete: '/api/product/:productId/type/:id',
    },
    schemas: { item: productTypeSchema, input: productTypeInputSchema },
    list: { search: [productTypes.name], orderBy: () => byName(productTypes.name, productTypes.id) },
    async values(tx, input, current) {
      return {
        name: input.name,
        ...(current ? {} : { slug: await uniqueSlug(tx, input.name) }),
        ...optionalValues(input, ['price']),
      };
    },
    async afterUpdate(tx, id, now, before) {
      // Agents embed their type's name.
      const [after] = await tx.select({ name: productTypes.name }).from(productTypes).where(eq(productTypes.id, id));
      if (after && after.name !== before.name) {
        await tx
          .update(products)
          .set({ updated_at: nextUpdatedAt(products.updated_at, now) })
          .where(eq(products.type_id, id));
      }
    },
    async beforeDelete(tx, id) {
      const [type] = await tx.select({ slug: productTypes.slug }).from(productTypes).where(eq(productTypes.id, id));
      if (type && SYSTEM_SLUGS.has(type.slug)) throw new HttpError(409, PRODUCT_TYPE_MESSAGES.systemType);
      const [used] = await tx.select({ n: count() }).from(products).where(eq(products.type_id, id));
      if ((used?.n ?? 0) > 0) throw new HttpError(409, PRODUCT_TYPE_MESSAGES.inUse);
    },
  });
}

export const productTypeRoutes: RouteModule = { name: 'product-types', register };
