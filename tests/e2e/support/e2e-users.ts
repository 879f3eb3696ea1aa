/**
 * Users the browser tests' server starts with besides the administrator
 * (who comes from ADMIN_USERNAME/ADMIN_PASSWORD). seed-users.ts writes them
 * into the data folder before the server starts (PGlite allows one process
 * per folder), so tests other than users.e2e.test.ts do not depend on the
 * users screens.
 */
export const E2E_OFFICE_USER = {
  name: 'Beatriz Campos',
  username: 'beatriz',
  password: 'Senha-e2e-escritorio',
  email: 'beatriz@e2e.example.com',
  /** 'Administrativo': every module, as a general (non-administrator) user. */
  roleSlug: 'administrativo',
} as const;

/**
 * A customer-type user (role 'Cliente', slug 'cliente'), linked to one
 * customer seeded with it (there is no call to link users and customers
 * yet). Tests check it sees that customer only, read-only.
 */
export const E2E_CUSTOMER_USER = {
  name: 'Roberto Cliente',
  username: 'roberto.cliente',
  password: 'Senha-e2e-cliente',
  email: 'roberto@e2e.example.com',
  roleSlug: 'cliente',
} as const;

/** The customer E2E_CUSTOMER_USER is linked to. */
export const E2E_LINKED_CUSTOMER = {
  name: 'Fundição Vinculada E2E',
  type: 'corporate',
  document: '11222333000181',
  email: 'contato@fundicao-e2e.example.com',
  phone: '1133334444',
  contact: { name: 'Roberto Cliente', email: 'roberto@e2e.example.com', phone: '11987654321' },
  addresses: [{ zipcode: '01310100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' }],
} as const;

/**
 * A field technician, seeded in 'Técnico de campo'; the access-control test
 * moves it to a department of its own through the 'Usuários' tab (there is
 * no user creation call on that branch yet).
 */
export const E2E_TECHNICIAN_USER = {
  name: 'Tiago Técnico',
  username: 'tiago.tecnico',
  password: 'Senha-e2e-tecnico',
  email: 'tiago@e2e.example.com',
  roleSlug: 'tecnico-de-campo',
} as const;

export const E2E_EXTRA_USERS = [E2E_OFFICE_USER, E2E_CUSTOMER_USER, E2E_TECHNICIAN_USER] as const;
