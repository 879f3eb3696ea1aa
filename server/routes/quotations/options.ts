/**
 * The quotation form's option lists, written by administrators
 * (sync/contract/quotation-options.ts): `PUT api/quotation/payment-type`
 * (payment conditions) and `PUT api/quotation/type` (exposition types),
 * each with the whole list. Reading them is ../lookups.ts's (the quotations
 * module); writing is for administrators only, as the spec's "an
 * administrator's screen" says (docs/decisions/quotations.md, 2026-11-29).
 *
 * One transaction per call: a refused list (an unknown id, two names with
 * the same slug, a type in use left out) changes nothing. Only what changed
 * moves its `updated_at`, and removals are recorded for the pulls, so the
 * devices' copies follow at their next sync.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { namedRecordsResponseSchema, type NamedRecord } from '@sync/contract/lookups';
import {
  DEFAULT_EXPOSITION_TYPE_ID,
  QUOTATION_OPTION_MESSAGES as M,
  QUOTATION_OPTION_PATHS,
  quotationOptionsInputSchema,
  type QuotationOptionList,
  mergeOptionEdits,
  type QuotationOptionsBody,
} from '@sync/contract/quotation-options';
import type { AppContext, ZodApp } from '@server/app-context';
import { access } from '@server/auth/access';
import type { Tx } from '@server/db/client';
import { expositionTypes, quotationPaymentTypes, quotations } from '@server/db/schema';
import { badRequest, HttpError } from '@server/http/errors';
import { slugify } from '@server/lib/slug';
import { syncFields } from '@server/lib/wire';
import { recordDeletions } from '@server/sync/deletions';
import { byName } from '@server/sync/list';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';

type OptionTable = typeof quotationPaymentTypes | typeof expositionTypes;

interface OptionList {
  list: QuotationOptionList;
  table: OptionTable;
  /** The resource name the pulls record deletions under (../lookups.ts). */
  resource: string;
  /** How many quotations use each of these ids. */
  usage(tx: Tx, ids: readonly number[]): Promise<Map<number, number>>;
  /** Ids that are never removed. */
  kept: readonly number[];
}

const paymentList: OptionList = {
  list: 'paymentTypes',
  table: quotationPaymentTypes,
  resource: 'quotation_payment_types',
  kept: [],
  async usage(tx, ids) {
    const rows = await tx
      .select({ id: quotations.payment_id, uses: count() })
      .from(quotations)
      .where(inArray(quotations.payment_id, [...ids]))
      .groupBy(quotations.payment_id);
    return new Map(rows.map((row) => [row.id as number, row.uses]));
  },
};

const expositionList: OptionList = {
  list: 'expositionTypes',
  table: expositionTypes,
  resource: 'exposition_types',
  kept: [DEFAULT_EXPOSITION_TYPE_ID],
  async usage(tx, ids) {
    const uses = new Map<number, number>();
    for (const id of ids) {
      // The agent rows are JSONB: a quotation uses the type when one of its rows names it.
      const [row] = await tx
        .select({ uses: count() })
        .from(quotations)
        .where(sql`${quotations.rows} @> ${JSON.stringify([{ exposition_type_id: id }])}::jsonb`);
      if (row && row.uses > 0) uses.set(id, row.uses);
    }
    return uses;
  },
};

async function listOf(tx: Tx, table: OptionTable): Promise<NamedRecord[]> {
  const rows = await tx
    .select()
    .from(table)
    .orderBy(...byName(table.name, table.id));
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, ...syncFields(row) }));
}

const fieldError = (status: number, path: string, message: string) => new HttpError(status, message, { errors: { [path]: [message] } });

/** Checks the list against the stored one and writes it; throws (nothing written) when it cannot. */
async function saveList(tx: Tx, def: OptionList, body: QuotationOptionsBody, now: Date): Promise<void> {
  const { table, list } = def;
  const current = await tx.select().from(table).for('update');
  const byId = new Map(current.map((row) => [row.id, row]));
  const lines = body.base ? mergeOptionEdits(current, body.base, body.types) : body.types;

  const slugs = new Map<string, number>();
  const wanted = lines.map((line, index) => {
    if (line.id !== null && !byId.has(line.id)) throw fieldError(400, `types.${index}.id`, M.unknown[list](line.id));
    const slug = slugify(line.name);
    if (slug === '') throw fieldError(400, `types.${index}.name`, M.nameWithoutLetters);
    if (slugs.has(slug)) throw fieldError(409, `types.${index}.name`, M.duplicateName[list](line.name));
    slugs.set(slug, index);
    return { ...line, slug };
  });

  const keptIds = new Set(wanted.flatMap((line) => (line.id === null ? [] : [line.id])));
  const removed = current.filter((row) => !keptIds.has(row.id));
  const fixed = removed.find((row) => def.kept.includes(row.id));
  if (fixed) throw badRequest(M.defaultExposition(fixed.name));
  if (removed.length > 0) {
    const uses = await def.usage(
      tx,
      removed.map((row) => row.id),
    );
    const used = removed.find((row) => (uses.get(row.id) ?? 0) > 0);
    if (used) throw new HttpError(409, M.inUse[list](used.name, uses.get(used.id)!));
    await tx.delete(table).where(
      inArray(
        table.id,
        removed.map((row) => row.id),
      ),
    );
    await recordDeletions(
      tx,
      def.resource,
      removed.map((row) => row.id),
      now,
    );
  }

  const renamed = wanted.filter((line) => line.id !== null && (byId.get(line.id)!.name !== line.name || byId.get(line.id)!.slug !== line.slug));
  // Two types may swap names in one list: free their slugs first (the slug is unique).
  for (const line of renamed) {
    await tx
      .update(table)
      .set({ slug: `~${line.id}` })
      .where(eq(table.id, line.id!));
  }
  for (const line of renamed) {
    await tx
      .update(table)
      .set({ name: line.name, slug: line.slug, updated_at: nextUpdatedAt(table.updated_at, now) })
      .where(eq(table.id, line.id!));
  }
  const added = wanted.filter((line) => line.id === null);
  if (added.length > 0) {
    await tx.insert(table).values(added.map((line) => ({ name: line.name, slug: line.slug, created_at: now, updated_at: now })));
  }
}

export function registerQuotationOptions(app: ZodApp, ctx: AppContext) {
  for (const def of [paymentList, expositionList]) {
    app.put(
      `/${QUOTATION_OPTION_PATHS[def.list]}`,
      {
        config: { access: access.admin(M.adminsOnly) },
        schema: { body: quotationOptionsInputSchema, response: { 200: namedRecordsResponseSchema } },
      },
      async (request) => {
        const now = writeTime(ctx.clock);
        return ctx.db.transaction(async (tx) => {
          await saveList(tx, def, request.body, now);
          return listOf(tx, def.table);
        });
      },
    );
  }
}
