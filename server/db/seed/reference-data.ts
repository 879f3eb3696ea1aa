/**
 * The fixed lists every installation starts with (spec sections 3, 6, 9).
 * Ids are given where the spec gives them a meaning: user type 1 is the
 * administrator and 2 the default; product type 1 (Vibração) and
 * exposition type 1 are the defaults of a quotation row.
 */
import { CUSTOMER_ROLE_SLUG, MODULE_SLUGS, type ModuleSlug } from '@sync/contract/modules';

export const USER_TYPES = [
  { id: 1, name: 'Administrador', slug: 'admin' },
  { id: 2, name: 'Geral', slug: 'general' },
] as const;

/** Departments with the modules they start with (administrators need no role). */
export const ROLES: ReadonlyArray<{ name: string; slug: string; modules: readonly ModuleSlug[] }> = [
  { name: 'Administrativo', slug: 'administrativo', modules: MODULE_SLUGS },
  {
    name: 'Técnico de campo',
    slug: 'tecnico-de-campo',
    modules: ['dashboard', 'customers', 'quotations', 'samples', 'products', 'equipment'],
  },
  // Customer-type users: their own customers (read-only) and their samples.
  { name: 'Cliente', slug: CUSTOMER_ROLE_SLUG, modules: ['dashboard', 'customers', 'samples'] },
];

/** The sample types and the product types are the same four, declared once in the contract (ids shared: an agent of type Ruído gives a noise sample). */
export { SAMPLE_TYPES, SAMPLE_TYPES as PRODUCT_TYPES } from '@sync/contract/samples/types';

export const PAYMENT_TYPES = [
  { id: 1, name: 'Boleto', slug: 'boleto' },
  { id: 2, name: 'PIX', slug: 'pix' },
  { id: 3, name: 'Transferência', slug: 'transferencia' },
  { id: 4, name: 'Cartão', slug: 'cartao' },
] as const;

export const EXPOSITION_TYPES = [
  { id: 1, name: 'Contínua', slug: 'continua' },
  { id: 2, name: 'Intermitente', slug: 'intermitente' },
  { id: 3, name: 'Eventual', slug: 'eventual' },
] as const;
