/**
 * Test data: a signed-in user as `GET api/user` answers it, with overrides.
 */
import type { CurrentUser } from '@sync/contract/user';

/** A general (type 2) user; pass a role slug ('cliente') for a customer-type user. */
export function makeUser(overrides: Partial<CurrentUser> = {}, roleSlug: string | null = null): CurrentUser {
  return {
    id: 7,
    name: 'Maria Técnica',
    email: 'maria@example.com',
    username: 'maria',
    phone: null,
    store_activated: true,
    deleted_at: null,
    settings: {
      position: 'Técnica',
      registration_code: null,
      council_type: null,
      council_number: null,
      council_uf: null,
      phone: null,
      role_id: roleSlug ? 3 : null,
      role: roleSlug ? { id: 3, name: roleSlug, slug: roleSlug } : null,
      user_type_id: 2,
      type: { id: 2, name: 'Geral', slug: 'general' },
      image_id: null,
      image: null,
    },
    modules: [{ id: 2, name: 'Clientes', slug: 'customers' }],
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAdmin(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const base = makeUser({ modules: [] });
  return { ...base, settings: { ...base.settings, user_type_id: 1, type: { id: 1, name: 'Administrador', slug: 'admin' } }, ...overrides };
}
