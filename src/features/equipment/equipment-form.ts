/**
 * The equipment form's values as typed, and reading them into the fields to
 * save (spec section 5: 'Nome é obrigatório'; the expiry date typed as
 * DD/MM/YYYY and kept as YYYY-MM-DD). Bad input gives messages per field and
 * changes nothing.
 */
import { CATALOG_MESSAGES, EQUIPMENT_TYPES } from '../../../sync/contract/catalog';
import type { LocalEquipment, ResourceInput } from '../../../sync/store/registry/catalog-records';
import { dateToText, parseDateText } from '../../ui/inputs';

export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

export interface EquipmentValues {
  name: string;
  /** Local key of the category; null for none (or one this device does not know, see `categoryId`). */
  categoryKey: string | null;
  /** The record's category id when the device does not have that category: kept unless the user picks another. */
  categoryId: number | null;
  serialNumber: string;
  certificate: string;
  expiry: string;
  type: EquipmentType | null;
}

export type EquipmentErrors = Partial<Record<'name' | 'category' | 'serialNumber' | 'certificate' | 'expiry' | 'type', string>>;

export function equipmentValues(record?: LocalEquipment): EquipmentValues {
  return {
    name: record?.name ?? '',
    categoryKey: record?.category_key ?? null,
    categoryId: record && !record.category_key ? record.category_id : null,
    serialNumber: record?.serial_number ?? '',
    certificate: record?.calibration_certificate ?? '',
    expiry: dateToText(record?.expiration_date),
    type: record?.type ?? null,
  };
}

export type EquipmentRead = { ok: true; fields: ResourceInput<'equipment'> } | { ok: false; errors: EquipmentErrors };

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function readEquipment(values: EquipmentValues): EquipmentRead {
  const errors: EquipmentErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = CATALOG_MESSAGES.nameRequired;
  const expiry = parseDateText(values.expiry);
  if (!expiry.ok) errors.expiry = expiry.message;
  if (Object.keys(errors).length > 0 || !expiry.ok) return { ok: false, errors };
  const fields: ResourceInput<'equipment'> = {
    name,
    serial_number: orNull(values.serialNumber),
    calibration_certificate: orNull(values.certificate),
    expiration_date: expiry.iso,
    type: values.type,
  };
  if (values.categoryKey) fields.category_key = values.categoryKey;
  else if (values.categoryId !== null) fields.category_id = values.categoryId;
  else fields.category_key = null;
  return { ok: true, fields };
}
