/**
 * The cast of the permission tests: one user per kind of caller, signed in.
 */
import { eq } from 'drizzle-orm';
import { roles, users } from '@server/db/schema';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { ADMIN, signIn, type TestApp } from './test-app';

export type Caller = 'anonymous' | 'noModule' | 'technician' | 'office' | 'admin' | 'customer';

export type Cast = {
  tokens: Record<Caller, string | undefined>;
  userIds: Record<Exclude<Caller, 'anonymous'>, number>;
  customers: { linked: number; other: number };
};

const PASSWORD = 'senha-de-teste-1';

export async function createCast(t: TestApp): Promise<Cast> {
  await t.db.insert(roles).values({ name: 'Sem módulos', slug: 'sem-modulos' });
  const linked = await insertCustomer(t.db, { name: 'Cliente Vinculado Ltda', type: 'corporate', document: '11222333000181' });
  const other = await insertCustomer(t.db, { name: 'Outro Cliente', email: 'outro@cliente.com.br' });
  const ids = {
    noModule: await insertUser(t.db, {
      name: 'Sem Módulos',
      username: 'semmodulos',
      email: 'sem@empresa.com.br',
      password: PASSWORD,
      roleSlug: 'sem-modulos',
    }),
    technician: await insertUser(t.db, {
      name: 'Técnico',
      username: 'tecnico',
      email: 'tecnico@empresa.com.br',
      password: PASSWORD,
      roleSlug: 'tecnico-de-campo',
    }),
    office: await insertUser(t.db, {
      name: 'Escritório',
      username: 'escritorio',
      email: 'escritorio@empresa.com.br',
      password: PASSWORD,
      roleSlug: 'administrativo',
    }),
    customer: await insertUser(t.db, {
      name: 'Cliente',
      username: 'cliente',
      email: 'cliente@cliente.com.br',
      password: PASSWORD,
      roleSlug: 'cliente',
    }),
  };
  await linkUserToCustomer(t.db, ids.customer, linked);
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
  const token = async (username: string, password = PASSWORD) => (await signIn(t, username, password)).access_token;
  return {
    tokens: {
      anonymous: undefined,
      noModule: await token('semmodulos'),
      technician: await token('tecnico'),
      office: await token('escritorio'),
      admin: await token(ADMIN.username, ADMIN.password),
      customer: await token('cliente'),
    },
    userIds: { ...ids, admin: admin!.id },
    customers: { linked, other },
  };
}
