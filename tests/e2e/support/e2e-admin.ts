/** The administrator the browser tests' server is started with. */
export const E2E_ADMIN = {
  username: 'admin',
  password: 'Senha-e2e-2026',
  email: 'admin@e2e.example.com',
} as const;
