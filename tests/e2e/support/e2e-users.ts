/**
 * Users the browser tests' server starts with besides the administrator
 * (who comes from ADMIN_USERNAME/ADMIN_PASSWORD). The server has no user
 * creation call yet, so seed-users.ts writes them into the data folder
 * before the server starts (PGlite allows one process per folder).
 */
export const E2E_OFFICE_USER = {
  name: 'Beatriz Campos',
  username: 'beatriz',
  password: 'Senha-e2e-escritorio',
  email: 'beatriz@e2e.example.com',
  /** 'Administrativo': every module, as a general (non-administrator) user. */
  roleSlug: 'administrativo',
} as const;

export const E2E_EXTRA_USERS = [E2E_OFFICE_USER] as const;
