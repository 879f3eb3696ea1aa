/**
 * Product types as the agent form needs them: which one is chemical (the
 * only type with a CAS number, spec Agents) and which one a new agent starts
 * with (spec section 9: product_type_id 1, 'Vibração').
 */
import type { LocalProductType } from '@sync/react';

export const CHEMICAL_SLUG = 'chemical';
export const DEFAULT_TYPE_ID = 1;

/**
 * The server's slug says it; a type created on this device has no slug until
 * it is sent, so its name ('Químico') decides meanwhile.
 */
export function isChemicalType(type: Pick<LocalProductType, 'slug' | 'name'> | undefined): boolean {
  if (!type) return false;
  if (type.slug) return type.slug === CHEMICAL_SLUG;
  const name = type.name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase();
  return name === 'quimico' || name === CHEMICAL_SLUG;
}

/** The type a new agent starts with: id 1, else the vibration slug, else none. */
export function defaultProductType(types: readonly LocalProductType[]): LocalProductType | undefined {
  return types.find((type) => type.id === DEFAULT_TYPE_ID) ?? types.find((type) => type.slug === 'vibration');
}
