/**
 * Sampling methods (issue 22, beyond the spec; docs/decisions/sampling-methods.md):
 * `GET api/sampling-method/all/{skip}/{take}` with `search` (institution,
 * code, description, sampler, laboratory) and `agent_id` (the methods of one
 * agent), `GET`/`PUT`/`DELETE api/sampling-method/{id}` and
 * `POST api/sampling-method`, on the shared CRUD factory: validated by the
 * contract's schema, written by the agents module (products), read by it and
 * by samples (the chemical field memory proposes a method per agent).
 *
 * The agents a method applies to are ids on the method. Every id must name
 * an agent; a repeated id is kept once. Deleting an agent takes its id out of
 * every method and moves their `updated_at` (`unlinkAgent`, called by the
 * agents' delete), so devices pull the shorter list. Nothing points at a
 * method (a sample keeps the method's name as text), so its delete is plain.
 */
import { arrayContains, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { idParamSchema } from '@sync/contract/fields';
import { samplingMethodInputSchema, samplingMethodSchema, type SamplingMethod } from '@sync/contract/sampling-methods';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import type { Db, Tx } from '../db/client';
import { products, samplingMethods } from '../db/schema';
import { badRequest } from '../http/errors';
import { syncFields } from '../lib/wire';
import { registerCrudRoutes } from '../sync/crud-routes';
import { optionalValues } from '../sync/input';
import type { ListSource } from '../sync/list';
import { nextUpdatedAt } from '../sync/versioning';
import { CATALOG_ACCESS } from './catalog-access';

export const SAMPLING_METHOD_MESSAGES = {
  notFound: 'Método de amostragem não encontrado.',
  agentNotFound: 'Agente não encontrado.',
} as const;

const OPTIONAL_FIELDS = [
  'description',
  'sampler',
  'flow_min',
  'flow_max',
  'volume_min',
  'volume_max',
  'holding_days',
  'storage_temperature',
  'laboratory',
] as const;

export async function loadSamplingMethods(db: Db | Tx, ids: readonly number[]): Promise<SamplingMethod[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(samplingMethods)
    .where(inArray(samplingMethods.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    institution: row.institution,
    description: row.description,
    sampler: row.sampler,
    flow_min: row.flow_min,
    flow_max: row.flow_max,
    volume_min: row.volume_min,
    volume_max: row.volume_max,
    holding_days: row.holding_days,
    storage_temperature: row.storage_temperature,
    laboratory: row.laboratory,
    agent_ids: row.agent_ids,
    ...syncFields(row),
  }));
}

export const samplingMethodSource: ListSource<SamplingMethod> = { resource: 'sampling_methods', table: samplingMethods, load: loadSamplingMethods };

const filters = { agent_id: idParamSchema.optional() };

/** The ids once each, in the order given; refused (400 at `agent_ids`) when one names no agent. */
async function checkedAgentIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique));
  if (found.length !== unique.length) {
    throw badRequest(SAMPLING_METHOD_MESSAGES.agentNotFound, { agent_ids: [SAMPLING_METHOD_MESSAGES.agentNotFound] });
  }
  return unique;
}

/**
 * An agent is being deleted: its id leaves every method that listed it, and
 * those methods move forward so devices pull them. Runs in the delete's transaction.
 */
export async function unlinkAgent(tx: Tx, agentId: number, now: Date): Promise<void> {
  await tx
    .update(samplingMethods)
    .set({
      agent_ids: sql`array_remove(${samplingMethods.agent_ids}, ${agentId}::integer)`,
      updated_at: nextUpdatedAt(samplingMethods.updated_at, now),
    } as never)
    .where(arrayContains(samplingMethods.agent_ids, [agentId]));
}

function register(app: ZodApp, ctx: AppContext) {
  registerCrudRoutes(app, ctx, {
    ...samplingMethodSource,
    notFoundMessage: SAMPLING_METHOD_MESSAGES.notFound,
    access: CATALOG_ACCESS.samplingMethods,
    paths: {
      list: '/api/sampling-method/all/:skip/:take',
      one: '/api/sampling-method/:id',
      create: '/api/sampling-method',
      update: '/api/sampling-method/:id',
      delete: '/api/sampling-method/:id',
    },
    schemas: { item: samplingMethodSchema, input: samplingMethodInputSchema, filters },
    list: {
      search: [samplingMethods.institution, samplingMethods.code, samplingMethods.description, samplingMethods.sampler, samplingMethods.laboratory],
      where: (query: z.infer<z.ZodObject<typeof filters>>) =>
        query.agent_id === undefined ? undefined : arrayContains(samplingMethods.agent_ids, [query.agent_id]),
    },
    async values(tx, input) {
      return {
        code: input.code,
        institution: input.institution,
        ...optionalValues(input, OPTIONAL_FIELDS),
        // Left out, the list stays as it is; null clears it, like any optional field.
        ...(input.agent_ids === undefined ? {} : { agent_ids: await checkedAgentIds(tx, input.agent_ids ?? []) }),
      };
    },
  });
}

export const samplingMethodRoutes: RouteModule = { name: 'sampling-methods', register };
