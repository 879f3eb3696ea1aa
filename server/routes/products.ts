/**
 * Agents (products; spec section 7): `GET api/product/all/{skip}/{take}`
 * with `search` (name, code, CAS) and `slug` (the agent's type, e.g. the
 * samples' autocomplete asks for 'chemical'), `GET`/`PUT`/`DELETE
 * api/product/{id}` and `POST api/product`. Each agent carries its type and
 * its equipment list (lines: product-equipment.ts).
 *
 * The CAS number belongs to chemical agents only: for any other type it is
 * cleared on save, whatever was sent. Deleting an agent takes it out of the
 * sampling methods that list it (sampling-methods.ts).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { productInputSchema, productSchema, type Product } from '@sync/contract/catalog';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { executePrepared, pgliteOf } from '../db/pglite-prepared';
import { products, productTypes } from '../db/schema';
import { badRequest } from '../http/errors';
import { slugify } from '../lib/slug';
import { isoFromJson } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { optionalValues } from '../sync/input';
import { pageIdsQuery, type ListSource, type PageQuery } from '../sync/list';
import { CATALOG_ACCESS } from './catalog-access';
import { lineFromJson, linesJson, PRODUCT_LINES, type LineJson } from './equipment-lines';
import { unlinkAgent } from './sampling-methods';
import { TEXT_LIMITS, trimmedText } from '@sync/contract/fields';

/** The product type whose agents have a CAS number. */
export const CHEMICAL_TYPE_SLUG = 'chemical';

export const PRODUCT_MESSAGES = {
  notFound: 'Agente não encontrado.',
  typeNotFound: 'Tipo de produto não encontrado.',
} as const;

const OPTIONAL_TEXTS = ['code', 'method', 'action_in_body', 'notion_skin', 'ipvs', 'odor_limit', 'respirator', 'display_name', 'unit_type'] as const;

/** An agent as `productJson` gives it: one JSON value per row, timestamps as PostgreSQL writes them. */
type ProductJson = Omit<Product, 'equipments' | 'created_at' | 'updated_at'> & {
  equipments: LineJson[];
  created_at: string;
  updated_at: string;
};

/**
 * The wire agent with its type and equipment list as one JSON value, for a query
 * over `products` left-joined to `product_types`: one statement and one field per
 * row instead of a statement for the lines and a field per column (decoding each
 * field is most of what a small answer costs the server, on PGlite above all).
 */
const productJson = sql<ProductJson>`json_build_object(
  'id', ${products.id}, 'name', ${products.name}, 'slug', ${products.slug}, 'price', ${products.price}, 'type_id', ${products.type_id},
  'type', case when ${productTypes.id} is null then null
    else json_build_object('id', ${productTypes.id}, 'name', ${productTypes.name}, 'slug', ${productTypes.slug}) end,
  'code', ${products.code}, 'method', ${products.method}, 'cas', ${products.cas}, 'action_in_body', ${products.action_in_body},
  'notion_skin', ${products.notion_skin}, 'ipvs', ${products.ipvs}, 'odor_limit', ${products.odor_limit},
  'respirator', ${products.respirator}, 'display_name', ${products.display_name}, 'unit_type', ${products.unit_type},
  'equipments', ${linesJson(PRODUCT_LINES, products.id)},
  'created_at', ${products.created_at}, 'updated_at', ${products.updated_at})`;

/** The wire agent, field by field (what the JSON holds beyond these never leaves). */
function productFromJson(json: ProductJson): Product {
  return {
    id: json.id,
    name: json.name,
    slug: json.slug,
    // numeric(14,2) arrives as a JSON number: the same double the column's Number() gives.
    price: Number(json.price),
    type_id: json.type_id,
    type: json.type === null ? null : { id: json.type.id, name: json.type.name, slug: json.type.slug },
    code: json.code,
    method: json.method,
    cas: json.cas,
    action_in_body: json.action_in_body,
    notion_skin: json.notion_skin,
    ipvs: json.ipvs,
    odor_limit: json.odor_limit,
    respirator: json.respirator,
    display_name: json.display_name,
    unit_type: json.unit_type,
    equipments: json.equipments.map(lineFromJson),
    created_at: isoFromJson(json.created_at),
    updated_at: isoFromJson(json.updated_at),
  };
}

export async function loadProducts(db: Db | Tx, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ record: productJson })
    .from(products)
    .leftJoin(productTypes, eq(productTypes.id, products.type_id))
    .where(inArray(products.id, [...ids]));
  return rows.map((row) => productFromJson(row.record));
}

function pageSelect(db: Db, query: PageQuery) {
  const page = db.$with('page').as(pageIdsQuery(db, products, query));
  return db
    .with(page)
    .select({ record: productJson })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .leftJoin(productTypes, eq(productTypes.id, products.type_id))
    .orderBy(...query.orderBy);
}

/**
 * The opening page's statement (no search, no filter, newest first), built once per
 * database with the window as placeholders: drizzle does not rebuild its SQL on every
 * call, and PostgreSQL keeps it prepared per connection (the name).
 */
const openingPages = new WeakMap<Db, ReturnType<ReturnType<typeof pageSelect>['prepare']>>();

function openingPage(db: Db, orderBy: SQL[]) {
  let prepared = openingPages.get(db);
  if (!prepared) {
    const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    prepared = pageSelect(db, { where: undefined, orderBy, ...window, opening: true }).prepare('products_opening_page');
    openingPages.set(db, prepared);
  }
  return prepared;
}

/**
 * The opening page's rows. On PGlite its statement is also prepared inside the
 * database (PREPARE/EXECUTE, planned once): about 15 % less per call than sending it
 * unnamed (server/db/pglite-prepared.ts); on PostgreSQL the named statement does that.
 */
async function openingPageRows(db: Db, orderBy: SQL[], limit: number, offset: number): Promise<Array<{ record: ProductJson }>> {
  const statement = openingPage(db, orderBy);
  const client = pgliteOf(db);
  if (!client) return statement.execute({ limit, offset });
  const rows = await executePrepared(client, 'products_opening_page', () => openingPageText(db, orderBy), [limit, offset]);
  return rows.map(([record]) => ({ record: record as ProductJson }));
}

/** The opening page's SQL, its parameters $1 (limit) and $2 (offset) only. */
function openingPageText(db: Db, orderBy: SQL[]): string {
  const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const { sql: text, params } = pageSelect(db, { where: undefined, orderBy, ...window, opening: true }).toSQL();
  const names = params.map((param) => (param as { name?: string }).name);
  if (names.join() !== 'limit,offset') throw new Error(`unexpected parameters of the opening page: ${names.join()}`);
  return text;
}

/** The documented page of agents, its records in one statement (server/sync/list.ts). */
async function productPage(db: Db, query: PageQuery): Promise<Product[]> {
  const rows =
    query.opening && typeof query.limit === 'number' && typeof query.offset === 'number'
      ? await openingPageRows(db, query.orderBy, query.limit, query.offset)
      : await pageSelect(db, query);
  return rows.map((row) => productFromJson(row.record));
}

export const productSource: ListSource<Product> = { resource: 'products', table: products, load: loadProducts, page: productPage };

const filters = { slug: trimmedText(TEXT_LIMITS.line).optional() };

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...productSource,
    notFoundMessage: PRODUCT_MESSAGES.notFound,
    access: CATALOG_ACCESS.products,
    paths: {
      list: '/api/product/all/:skip/:take',
      one: '/api/product/:id',
      create: '/api/product',
      update: '/api/product/:id',
      delete: '/api/product/:id',
    },
    schemas: { item: productSchema, input: productInputSchema, filters },
    list: {
      // name, code and CAS, folded and indexed (db/schema/search-text.ts)
      search: [products.search_text],
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
    async beforeDelete(tx, id, now) {
      // Sampling methods list their agents by id (no foreign key on an array): the id goes, the methods move forward.
      await unlinkAgent(tx, id, now);
    },
  });
}

export const productRoutes: RouteModule = { name: 'products', register };
