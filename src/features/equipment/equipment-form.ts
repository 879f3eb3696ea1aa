/**
 * The equipment form as a schema (spec section 5: 'Nome é obrigatório'; the
 * expiry date typed as DD/MM/YYYY and kept as YYYY-MM-DD): the contract's
 * equipment input with its typed-text fields wrapped, and the category by
 * local key. Its output is the fields to save; bad input gives the
 * contract's messages per field and changes nothing.
 */
import { z } from 'zod';
import { equipmentInputSchema } from '@sync/contract/catalog';
import type { LocalEquipment, ResourceInput } from '@sync/react';
import { dateText, optionalText } from '@/ui/forms';
import { dateToText } from '@/ui/inputs';

const wire = equipmentInputSchema.shape;

export const equipmentFormSchema = equipmentInputSchema
  .extend({
    serial_number: optionalText(wire.serial_number),
    calibration_certificate: optionalText(wire.calibration_certificate),
    expiration_date: dateText(wire.expiration_date),
    /** Local key of the category; null for none (or one this device does not know, see `category_id`). */
    category_key: z.string().nullable(),
    /** The record's category id when the device does not have that category: kept unless the user picks another. */
    category_id: wire.category_id,
  })
  .transform(({ category_key, category_id, ...fields }): ResourceInput<'equipment'> => {
    if (category_key) return { ...fields, category_key };
    if (category_id != null) return { ...fields, category_id };
    return { ...fields, category_key: null };
  });

export type EquipmentValues = z.input<typeof equipmentFormSchema>;

/** Store messages about the category name its id on the wire; the form shows them at the category. */
export const EQUIPMENT_FIELD_NAMES = { category_id: 'category_key' } as const;

export function equipmentValues(record?: LocalEquipment): EquipmentValues {
  return {
    name: record?.name ?? '',
    category_key: record?.category_key ?? null,
    category_id: record && !record.category_key ? record.category_id : null,
    serial_number: record?.serial_number ?? '',
    calibration_certificate: record?.calibration_certificate ?? '',
    expiration_date: dateToText(record?.expiration_date),
    type: record?.type ?? null,
  };
}
