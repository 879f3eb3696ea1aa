/**
 * The read-only lookup lists (sync/contract/lookups.ts): permission modules
 * and sample types for every signed-in user; quotation payment types and
 * exposition types for the quotations module (the quotation form's options). They are written by the seed (and, later, by administration
 * screens); the devices pull them and keep them read-only. User types and
 * roles are in ./user.ts, settings in ./settings.ts.
 */
import { asc, inArray } from 'drizzle-orm';
import { LOOKUP_PATHS, moduleRecordSchema, namedRecordSchema, type ModuleRecord, type NamedRecord } from '@sync/contract/lookups';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { expositionTypes, modules, quotationPaymentTypes, type roles, sampleTypes, type userTypes } from '../db/schema';
import { syncFields } from '../lib/wire';
import { byName, type ListSource } from '../sync/list';
import { registerReadOnlyList } from '../sync/read-only-list';
import { QUOTATION_ACCESS } from './quotations/access';
import { access } from '../auth/access';

/** The tables of id, name and slug records. */
type NamedTable = typeof sampleTypes | typeof quotationPaymentTypes | typeof expositionTypes | typeof userTypes | typeof roles;

/** id, name, slug and timestamps of a lookup table. */
export function namedSource(resource: string, table: NamedTable): ListSource<NamedRecord> {
  return {
    resource,
    table,
    async load(db, ids) {
      const rows = await db
        .select()
        .from(table)
        .where(inArray(table.id, [...ids]));
      return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, ...syncFields(r) }));
    },
  };
}

const moduleSource: ListSource<ModuleRecord> = {
  resource: 'modules',
  table: modules,
  async load(db, ids) {
    const rows = await db
      .select()
      .from(modules)
      .where(inArray(modules.id, [...ids]));
    return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, description: r.description, ...syncFields(r) }));
  },
};

function register(app: ZodApp, ctx: AppContext) {
  // Lookups that belong to no customer: every signed-in user's device pulls them.
  const lookup = access.signedIn({ customerUsers: 'self' });
  registerReadOnlyList(app, ctx, {
    ...moduleSource,
    access: lookup,
    path: `/${LOOKUP_PATHS.modules}`,
    item: moduleRecordSchema,
    orderBy: [asc(modules.id)],
  });
  registerReadOnlyList(app, ctx, {
    ...namedSource('sample_types', sampleTypes),
    access: lookup,
    path: `/${LOOKUP_PATHS.sampleTypes}`,
    item: namedRecordSchema,
    orderBy: [asc(sampleTypes.id)],
  });
  // The quotation form's options, read with the quotations module (the same rule as the quotations).
  const quotationOptions: Array<[string, string, typeof quotationPaymentTypes | typeof expositionTypes]> = [
    ['quotation_payment_types', LOOKUP_PATHS.paymentTypes, quotationPaymentTypes],
    ['exposition_types', LOOKUP_PATHS.expositionTypes, expositionTypes],
  ];
  for (const [resource, path, table] of quotationOptions) {
    registerReadOnlyList(app, ctx, {
      ...namedSource(resource, table),
      path: `/${path}`,
      item: namedRecordSchema,
      access: QUOTATION_ACCESS.read,
      orderBy: byName(table.name, table.id),
    });
  }
}

export const lookupRoutes: RouteModule = { name: 'lookups', register };
