/**
 * The agent form's values as typed and reading them into the fields to save
 * (spec section 5: 'Nome é obrigatório', 'Preço é obrigatório', 'Tipo de
 * produto é obrigatório'). The CAS number is kept while the user switches
 * types, but only a chemical agent saves it (the server clears it otherwise).
 */
import { CATALOG_MESSAGES } from '@sync/contract/catalog';
import type { LocalProduct, ResourceInput } from '@sync/react';
import { moneyToText, parseMoneyText } from '@/ui/inputs';

export interface AgentValues {
  name: string;
  /** Local key of the type. */
  typeKey: string | null;
  /** The record's type id when this device does not have that type: kept unless another is picked. */
  typeId: number | null;
  price: string;
  code: string;
  method: string;
  cas: string;
  actionInBody: string;
  notionSkin: string;
  ipvs: string;
  odorLimit: string;
  respirator: string;
}

export type AgentField = Exclude<keyof AgentValues, 'typeKey' | 'typeId'> | 'type';
export type AgentErrors = Partial<Record<AgentField, string>>;

/** Wire field → form field, for the store's validation messages. */
export const AGENT_FIELD_NAMES: Readonly<Record<string, AgentField>> = {
  type_id: 'type',
  action_in_body: 'actionInBody',
  notion_skin: 'notionSkin',
  odor_limit: 'odorLimit',
};

export function agentValues(record?: LocalProduct): AgentValues {
  return {
    name: record?.name ?? '',
    typeKey: record?.type_key ?? null,
    typeId: record && !record.type_key ? record.type_id : null,
    price: moneyToText(record?.price ?? null),
    code: record?.code ?? '',
    method: record?.method ?? '',
    cas: record?.cas ?? '',
    actionInBody: record?.action_in_body ?? '',
    notionSkin: record?.notion_skin ?? '',
    ipvs: record?.ipvs ?? '',
    odorLimit: record?.odor_limit ?? '',
    respirator: record?.respirator ?? '',
  };
}

export type AgentRead = { ok: true; fields: ResourceInput<'products'> } | { ok: false; errors: AgentErrors };

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function readAgent(values: AgentValues, chemical: boolean): AgentRead {
  const errors: AgentErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = CATALOG_MESSAGES.nameRequired;
  if (!values.typeKey && values.typeId === null) errors.type = CATALOG_MESSAGES.productTypeRequired;
  const price = parseMoneyText(values.price);
  if (!price.ok) errors.price = price.message;
  else if (price.reais === null) errors.price = CATALOG_MESSAGES.priceRequired;
  if (Object.keys(errors).length > 0 || !price.ok || price.reais === null) return { ok: false, errors };

  const fields: ResourceInput<'products'> = {
    name,
    price: price.reais,
    code: orNull(values.code),
    method: orNull(values.method),
    cas: chemical ? orNull(values.cas) : null,
    action_in_body: orNull(values.actionInBody),
    notion_skin: orNull(values.notionSkin),
    ipvs: orNull(values.ipvs),
    odor_limit: orNull(values.odorLimit),
    respirator: orNull(values.respirator),
  };
  if (values.typeKey) fields.type_key = values.typeKey;
  else if (values.typeId !== null) fields.type_id = values.typeId;
  return { ok: true, fields };
}
