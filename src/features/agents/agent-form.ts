/**
 * The agent form as a schema (spec section 5: 'Nome é obrigatório', 'Preço
 * é obrigatório', 'Tipo de produto é obrigatório'): the contract's product
 * input with its typed-text fields wrapped, keyed by the wire's names, and
 * the type by local key (or by id when this device does not have it). The
 * CAS number is kept while the user switches types, but only a chemical
 * agent saves it (the server clears it otherwise); which type is chemical
 * is the device's list's to say, so the schema is made with that rule.
 */
import { z } from 'zod';
import { CATALOG_MESSAGES, productInputSchema } from '@sync/contract/catalog';
import type { LocalProduct, ResourceInput } from '@sync/react';
import { moneyText, optionalText } from '@/ui/forms';
import { moneyToText } from '@/ui/inputs';

const wire = productInputSchema.shape;

/** Whether the agent being saved is chemical: its type by key, or one known only by id with a CAS already given. */
export type ChemicalRule = (type: { type_key: string | null; type_id: number | null; hasCas: boolean }) => boolean;

const typeChosen = (value: unknown) => {
  const type = (value ?? {}) as { type_key?: unknown; type_id?: unknown };
  return Boolean(type.type_key) || typeof type.type_id === 'number';
};

export function agentFormSchema(chemical: ChemicalRule) {
  return productInputSchema
    .omit({ type_id: true, display_name: true, unit_type: true })
    .extend({
      price: moneyText(wire.price),
      code: optionalText(wire.code),
      method: optionalText(wire.method),
      cas: optionalText(wire.cas),
      action_in_body: optionalText(wire.action_in_body),
      notion_skin: optionalText(wire.notion_skin),
      ipvs: optionalText(wire.ipvs),
      odor_limit: optionalText(wire.odor_limit),
      respirator: optionalText(wire.respirator),
      /** Local key of the type; null for none (or one this device does not know, see `type_id`). */
      type_key: z.string().nullable(),
      /** The record's type id when the device does not have that type: kept unless the user picks another. */
      type_id: wire.type_id.nullable(),
    })
    .check(
      // Said with the other fields' messages, not after them.
      z.superRefine(
        (value, context) => {
          if (!typeChosen(value)) context.addIssue({ code: 'custom', path: ['type_key'], message: CATALOG_MESSAGES.productTypeRequired });
        },
        { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
      ),
    )
    .transform(({ type_key, type_id, cas, ...fields }): ResourceInput<'products'> => {
      const saved = { ...fields, cas: chemical({ type_key, type_id, hasCas: cas !== null }) ? cas : null };
      return type_key ? { ...saved, type_key } : { ...saved, type_id: type_id! };
    });
}

export type AgentFormSchema = ReturnType<typeof agentFormSchema>;
export type AgentValues = z.input<AgentFormSchema>;

/** The store names the type by its id on the wire; the form shows it at the type's select. */
export const AGENT_FIELD_NAMES = { type_id: 'type_key' } as const;

export function agentValues(record?: LocalProduct): AgentValues {
  return {
    name: record?.name ?? '',
    type_key: record?.type_key ?? null,
    type_id: record && !record.type_key ? record.type_id : null,
    price: moneyToText(record?.price ?? null),
    code: record?.code ?? '',
    method: record?.method ?? '',
    cas: record?.cas ?? '',
    action_in_body: record?.action_in_body ?? '',
    notion_skin: record?.notion_skin ?? '',
    ipvs: record?.ipvs ?? '',
    odor_limit: record?.odor_limit ?? '',
    respirator: record?.respirator ?? '',
  };
}
