/**
 * Who may read each resource's list, described once for both sides: the
 * server's read guards are built from these rules, and the device pulls
 * only the lists its user may read (no 403 calls on every sync).
 *
 * A rule: `modules` (any one of them grants the read; absent = every
 * signed-in user) and `customers: false` (customer-type users never read
 * it, whatever their role's modules: the catalog carries the prices).
 * Administrators (user type 1) read everything.
 */
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG, type ModuleSlug } from './modules';

export interface ReadAccess {
  modules?: readonly ModuleSlug[];
  customers?: boolean;
}

/** What a read decision needs to know about the caller. */
export interface Reader {
  isAdmin: boolean;
  isCustomer: boolean;
  modules: readonly string[];
}

export function mayRead(reader: Reader, access: ReadAccess | undefined): boolean {
  if (reader.isAdmin || !access) return true;
  if (access.customers === false && reader.isCustomer) return false;
  if (!access.modules) return true;
  return access.modules.some((slug) => reader.modules.includes(slug));
}

/** The reader of a `GET api/user` answer (admins are never customer-type, as the server decides). */
export function readerOf(user: {
  settings: { user_type_id: number; role: { slug: string } | null };
  modules: ReadonlyArray<{ slug: string }>;
}): Reader {
  const isAdmin = user.settings.user_type_id === ADMIN_USER_TYPE_ID;
  return {
    isAdmin,
    isCustomer: !isAdmin && user.settings.role?.slug === CUSTOMER_ROLE_SLUG,
    modules: user.modules.map((module) => module.slug),
  };
}

/** Read rules of the lists the device pulls. */
export const READ_ACCESS = {
  /** Small reference lists (types, settings, modules, roles): every signed-in user. */
  everyone: {},
  products: { modules: ['products', 'quotations', 'samples'], customers: false },
  productTypes: { modules: ['products', 'services', 'costs', 'quotations', 'samples'], customers: false },
  services: { modules: ['services', 'quotations'], customers: false },
  costs: { modules: ['costs', 'quotations'], customers: false },
  equipment: { modules: ['equipment', 'products', 'services', 'quotations', 'samples'], customers: false },
  /** Sampling methods: kept with the agents (products), read by the chemical field memory (samples). */
  samplingMethods: { modules: ['products', 'samples'], customers: false },
  customers: { modules: ['customers'] },
  quotations: { modules: ['quotations'] },
  /** Payment and exposition types: the quotation form's options. */
  quotationOptions: { modules: ['quotations'] },
  /** Users: the users module; customer-type users never manage users, whatever their role grants. */
  users: { modules: ['users'], customers: false },
  /** Samples: the samples module; customer-type users read their own customers' (the server narrows the list). */
  samples: { modules: ['samples'] },
} as const satisfies Record<string, ReadAccess>;
