/**
 * Agents (products; spec section 7): `GET api/product/all/{skip}/{take}`
 * with `search` (name, code, CAS) and `slug` (the agent's type, e.g. the
 * samples' autocomplete asks for 'chemical'), `GET`/`PUT`/`DELETE
 * api/product/{id}` and `POST api/product`. Each agent carries its type and
 * its equipment list (lines: product-equipment.ts).
 *
 * The CAS number belongs to chemical agents only: for any other type it is
 * cleared on save, whatever was sent.
 */
import { eq, inArray } from 'drizzle-orm';
import { productInputSchema, productSchema, type Product } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { products, productTypes } from '../db/schema';
import { badRequest } from '../http/errors';
import { slugify } from '../lib/slug';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { optionalValues } from '../sync/input';
import type { ListSource } from '../sync/list';
import { CATALOG_GUARDS } from './catalog-access';
import { loadLines, PRODUCT_LINES } from './equipment-lines';
import { TEXT_LIMITS, trimmedText } from '@sync/contract/fields';

/** The product type whose agents have a CAS number. */
export const CHEMICAL_TYPE_SLUG = 'chemical';

export const PRODUCT_MESSAGES = {
  notFound: 'Agente não encontrado.',
  typeNotFound: 'Tipo de produto não encontrado.',
} as const;

const OPTIONAL_TEXTS = ['code', 'method', 'action_in_body', 'notion_skin', 'ipvs', 'odor_limit', 'respirator', 'display_name', 'unit_type'] as const;

export async function loadProducts(db: Db | Tx, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: products, type: { id: productTypes.id, name: productTypes.name, slug: productTypes.slug } })
    .from(products)
    .leftJoin(productTypes, eq(productTypes.id, products.type_id))
    .where(inArray(products.id, [...ids]));
  const lines = await loadLines(db, PRODUCT_LINES, ids);
  return rows.map(({ item, type }) => ({
    id: item.id,
    name: item.name,
    slug: item.slug,
    price: item.price,
    type_id: item.type_id,
    type: type && type.id !== null ? { id: type.id, name: type.name, slug: type.slug } : null,
    code: item.code,
    method: item.method,
    cas: item.cas,
    action_in_body: item.action_in_body,
    notion_skin: item.notion_skin,
    ipvs: item.ipvs,
    odor_limit: item.odor_limit,
    respirator: item.respirator,
    display_name: item.display_name,
    unit_type: item.unit_type,
    equipments: lines.get(item.id) ?? [],
    ...syncFields(item),
  }));
}

export const productSource: ListSource<Product> = { resource: 'products', table: products, load: loadProducts };

const filters = { slug: trimmedText(TEXT_LIMITS.line).optional() };

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...productSource,
    notFoundMessage: PRODUCT_MESSAGES.notFound,
    guards: CATALOG_GUARDS.products,
    paths: {
      list: '/api/product/all/:skip/:take',
      one: '/api/product/:id',
      create: '/api/product',
      update: '/api/product/:id',
      delete: '/api/product/:id',
    },
    schemas: { item: productSchema, input: productInputSchema, filters },
    list: {
      search: [products.name, products.code, products.cas],
      where: (query) =>
        query.slug
          ? inArray(products.type_id, ctx.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, query.slug)))
          : undefined,
    },
    async values(tx, input) {
      const [type] = await tx.select({ slug: productTypes.slug }).from(productTypes).where(eq(productTypes.id, input.type_id));
      if (!type) throw badRequest(PRODUCT_MESSAGES.typeNotFound, { type_id: [PRODUCT_MESSAGES.typeNotFound] });
      const chemical = type.slug === CHEMICAL_TYPE_SLUG;
      return {
        name: input.name,
        slug: slugify(input.name),
        price: input.price,
        type_id: input.type_id,
        ...optionalValues(input, OPTIONAL_TEXTS),
        ...(chemical ? optionalValues(input, ['cas']) : { cas: null }),
      };
    },
  });
}

export const productRoutes: RouteModule = { name: 'products', register };
