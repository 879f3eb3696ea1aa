/**
 * Catalog resources on the wire (spec core-administration.md sections 3, 5,
 * 7): agents (products) and their types, services, costs, equipment and
 * equipment categories, and the equipment lists of agents and services.
 * Paths the spec leaves open (cost and service calls, service equipment)
 * follow the product calls' pattern; see docs/sync-protocol.md.
 */
import { z } from 'zod';
import { isStorableInstant, MAX_ID, requiredText, TEXT_LIMITS, trimmedText } from './fields';
import { syncFieldsSchema } from './sync';

export { MAX_ID };

const requiredName = requiredText(TEXT_LIMITS.line, 'Nome é obrigatório');
/** Largest price the database keeps (numeric(14,2)). */
export const MAX_PRICE = 999_999_999_999.99;
const requiredPrice = z
  .number({ error: 'Preço é obrigatório' })
  .nonnegative('Preço deve ser maior ou igual a zero')
  .max(MAX_PRICE, 'Preço muito alto');
/** One line of optional text; `note` for the descriptive fields that may hold a paragraph (line breaks allowed). */
const optionalText = trimmedText(TEXT_LIMITS.line).nullish();
const optionalNote = trimmedText(TEXT_LIMITS.note, { multiline: true }).nullish();
const id = z.number().int().positive().max(MAX_ID);

export const CATALOG_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  priceRequired: 'Preço é obrigatório',
  productTypeRequired: 'Tipo de produto é obrigatório',
  categoryNameRequired: 'O nome da categoria é obrigatório.',
} as const;

/* ---------- product types ('Tipo de produto'; 1 = Vibração) ---------- */

export const productTypeSchema = z.object({ id, name: z.string(), slug: z.string(), price: z.number().nullable() }).extend(syncFieldsSchema.shape);
export const productTypeInputSchema = z.object({ name: requiredName, price: z.number().nonnegative().max(MAX_PRICE, 'Preço muito alto').nullish() });
export type ProductType = z.infer<typeof productTypeSchema>;

/* ---------- equipment categories ---------- */

export const equipmentCategorySchema = z.object({ id, name: z.string() }).extend(syncFieldsSchema.shape);
export const equipmentCategoryInputSchema = z.object({
  name: requiredText(TEXT_LIMITS.line, CATALOG_MESSAGES.categoryNameRequired),
});
export type EquipmentCategory = z.infer<typeof equipmentCategorySchema>;

/* ---------- equipment ---------- */

export const EQUIPMENT_TYPES = ['instrumento', 'calibrador'] as const;
/** Calendar date on the wire: YYYY-MM-DD (the screens show DD/MM/YYYY). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida', abort: true })
  // A real calendar day the database can store: "2026-02-30" has the right shape but no such date, nor has "0000-01-01".
  .refine((text) => {
    const date = new Date(`${text}T00:00:00.000Z`);
    return isStorableInstant(date.getTime()) && date.toISOString().startsWith(text);
  }, 'Data inválida');

export const equipmentSchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    serial_number: z.string().nullable(),
    calibration_certificate: z.string().nullable(),
    expiration_date: isoDateSchema.nullable(),
    category_id: id.nullable(),
    category: z.object({ id, name: z.string() }).nullable(),
    type: z.enum(EQUIPMENT_TYPES).nullable(),
  })
  .extend(syncFieldsSchema.shape);
export const equipmentInputSchema = z.object({
  name: requiredName,
  serial_number: optionalText,
  calibration_certificate: optionalText,
  expiration_date: isoDateSchema.nullish(),
  category_id: id.nullish(),
  type: z.enum(EQUIPMENT_TYPES).nullish(),
});
export type Equipment = z.infer<typeof equipmentSchema>;
/** `GET api/product/equipment?search=`: equipment to choose from for an agent's or a service's list. */
export const equipmentCandidatesResponseSchema = z.array(equipmentSchema);

/* ---------- equipment lists of agents and services ---------- */

/** One line of an agent's or a service's equipment list. `id` is the line's id. */
export const equipmentLineSchema = z
  .object({
    id,
    equipment_id: id,
    name: z.string(),
    slug: z.string(),
    quantity: z.number().int().positive(),
  })
  .extend(syncFieldsSchema.shape);
export const equipmentLineInputSchema = z.object({
  equipment_id: id,
  quantity: z.number().int().positive('Quantidade deve ser maior que zero').max(1_000_000, 'Quantidade muito alta').default(1),
});
export type EquipmentLine = z.infer<typeof equipmentLineSchema>;

/* ---------- agents (products) ---------- */

export const productSchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    price: z.number(),
    type_id: id,
    type: z.object({ id, name: z.string(), slug: z.string() }).nullable(),
    code: z.string().nullable(),
    method: z.string().nullable(),
    cas: z.string().nullable(),
    action_in_body: z.string().nullable(),
    notion_skin: z.string().nullable(),
    ipvs: z.string().nullable(),
    odor_limit: z.string().nullable(),
    respirator: z.string().nullable(),
    display_name: z.string().nullable(),
    unit_type: z.string().nullable(),
    equipments: z.array(equipmentLineSchema),
  })
  .extend(syncFieldsSchema.shape);
export const productInputSchema = z.object({
  name: requiredName,
  price: requiredPrice,
  type_id: z
    .number({ error: CATALOG_MESSAGES.productTypeRequired })
    .int()
    .positive(CATALOG_MESSAGES.productTypeRequired)
    .max(MAX_ID, CATALOG_MESSAGES.productTypeRequired),
  code: optionalText,
  method: optionalNote,
  /** CAS registry number; only meaningful for chemical agents (the server clears it otherwise). */
  cas: optionalText,
  action_in_body: optionalNote,
  notion_skin: optionalNote,
  ipvs: optionalText,
  odor_limit: optionalText,
  respirator: optionalText,
  display_name: optionalText,
  unit_type: optionalText,
});
export type Product = z.infer<typeof productSchema>;

/* ---------- services and costs ---------- */

export const serviceSchema = z
  .object({ id, name: z.string(), slug: z.string(), price: z.number(), equipments: z.array(equipmentLineSchema) })
  .extend(syncFieldsSchema.shape);
export const serviceInputSchema = z.object({ name: requiredName, price: requiredPrice });
export type Service = z.infer<typeof serviceSchema>;

export const costSchema = z.object({ id, name: z.string(), slug: z.string(), price: z.number() }).extend(syncFieldsSchema.shape);
export const costInputSchema = z.object({ name: requiredName, price: requiredPrice });
export type Cost = z.infer<typeof costSchema>;
