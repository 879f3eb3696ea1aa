/**
 * Access control on the real server (spec core-administration sections 6
 * and 7): departments, their module permissions and each user's department,
 * written by administrators only; every change applies on the very next
 * call of the users it touches (the auth cache forgets them) and reaches the
 * devices through the roles and users pulls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CONTROL_MESSAGES as MESSAGES } from '@sync/contract/access-control';
import { MODULES } from '@sync/contract/modules';
import { modules, roles, users } from '@server/db/schema';
import { insertUser } from '@server/db/demo/records';
import { createCast, type Caller, type Cast } from '../helpers/people';
import { call, signIn, startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let cast: Cast;
let moduleIds: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  const rows = await t.db.select({ id: modules.id, slug: modules.slug }).from(modules);
  moduleIds = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterAll(() => t.close());

const admin = (method: string, path: string, json?: unknown) => call(t, method, path, { token: cast.tokens.admin, json });

async function createRole(name: string): Promise<{ id: number; name: string; slug: string; modules: number[] }> {
  const reply = await admin('POST', '/api/access-control/role', { name });
  expect(reply.status).toBe(201);
  return reply.body;
}

async function roleIdOf(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug));
  return row!.id;
}

describe('administrators only', () => {
  const CALLERS: Caller[] = ['anonymous', 'noModule', 'technician', 'office', 'customer', 'admin'];
  // The office user has every module, settings and users included: still not an administrator.
  const refused = { anonymous: 401, noModule: 403, technician: 403, office: 403, customer: 403 } as const;
  const ROUTES: Array<[string, (c: Cast, roleId: number) => string, ((roleId: number) => unknown) | undefined, number]> = [
    ['POST', () => '/api/access-control/role', () => ({ name: 'Matriz de Teste' }), 201],
    ['PUT', (_c, roleId) => `/api/access-control/role/${roleId}`, () => ({ name: 'Sem Módulos' }), 200],
    ['GET', (_c, roleId) => `/api/access-control/role/${roleId}/permissions`, undefined, 200],
    ['POST', (_c, roleId) => `/api/access-control/role/${roleId}/permissions`, () => ({ permissions: [{ module_id: 1, active: false }] }), 200],
    ['GET', () => '/api/access-control/user', undefined, 200],
    ['POST', (c) => `/api/access-control/user/${c.userIds.noModule}`, (roleId) => ({ role_id: roleId }), 200],
    ['DELETE', () => '/api/access-control/role/999999', undefined, 404],
  ];
  const cases = ROUTES.flatMap(([method, path, body, ok]) =>
    CALLERS.map((caller) => ({ method, path, body, caller, status: caller === 'admin' ? ok : refused[caller as keyof typeof refused] })),
  );
  it.each(cases)('$method $path as $caller → $status', async ({ method, path, body, caller, status }) => {
    const roleId = await roleIdOf('sem-modulos');
    const reply = await call(t, method, path(cast, roleId), { token: cast.tokens[caller], json: body?.(roleId) });
    expect(reply.status).toBe(status);
    if (status === 403) expect(reply.body).toEqual({ message: MESSAGES.adminsOnly });
  });
});

describe('departments', () => {
  it('are created with the slug derived from the name', async () => {
    const role = await createRole('Técnicos de Laboratório');
    expect(role).toMatchObject({ name: 'Técnicos de Laboratório', slug: 'tecnicos-de-laboratorio', modules: [] });
    const list = await admin('GET', '/api/user/role/all');
    expect(list.body.map((r: { slug: string }) => r.slug)).toContain('tecnicos-de-laboratorio');
  });

  it.each([
    [{ name: '   ' }, 400, MESSAGES.nameRequired],
    [{}, 400, MESSAGES.nameRequired],
    [{ name: '!!!' }, 400, MESSAGES.nameWithoutLetters],
    [{ name: 'Cliente' }, 409, MESSAGES.roleExists],
    [{ name: 'técnico   de CAMPO' }, 409, MESSAGES.roleExists],
  ])('refuse %j with %i', async (body, status, message) => {
    const before = await t.db.select().from(roles);
    const reply = await admin('POST', '/api/access-control/role', body);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
    expect(await t.db.select().from(roles)).toEqual(before);
  });

  it('are renamed (new slug), and their users move forward for the devices', async () => {
    const role = await createRole('Apoio');
    const userId = await insertUser(t.db, {
      name: 'Apoio Um',
      username: 'apoio1',
      email: 'apoio1@empresa.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'apoio',
    });
    const [before] = await t.db.select({ updated_at: users.updated_at }).from(users).where(eq(users.id, userId));
    t.clock.advance(1000);
    const reply = await admin('PUT', `/api/access-control/role/${role.id}`, { name: 'Apoio Técnico' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: role.id, name: 'Apoio Técnico', slug: 'apoio-tecnico' });
    const [after] = await t.db.select({ updated_at: users.updated_at }).from(users).where(eq(users.id, userId));
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    const listed = await admin('GET', '/api/access-control/user');
    expect(listed.body.find((u: { id: number }) => u.id === userId).settings.role).toMatchObject({ name: 'Apoio Técnico', slug: 'apoio-tecnico' });
  });

  it("keep the 'cliente' slug that marks customer-type users", async () => {
    const id = await roleIdOf('cliente');
    expect((await admin('PUT', `/api/access-control/role/${id}`, { name: 'Clientes Externos' })).body.message).toBe(MESSAGES.customerRoleKeepsSlug);
    const same = await admin('PUT', `/api/access-control/role/${id}`, { name: 'Cliente' });
    expect(same.status).toBe(200);
  });

  it('are deleted when nobody is in them (the devices learn the id), and refused while in use', async () => {
    const inUse = await admin('DELETE', `/api/access-control/role/${await roleIdOf('cliente')}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(MESSAGES.roleInUse);

    const role = await createRole('Temporário');
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(10);
    expect((await admin('DELETE', `/api/access-control/role/${role.id}`)).status).toBe(204);
    const pull = await admin('GET', `/api/user/role/all?updated_since=${encodeURIComponent(since)}`);
    expect(pull.body.deleted_ids).toContain(role.id);
    expect((await admin('DELETE', `/api/access-control/role/${role.id}`)).body.message).toBe(MESSAGES.roleNotFound);
  });
});

describe('permissions', () => {
  it('list every module with its switch, and save one toggle at a time', async () => {
    const role = await createRole('Só Amostras');
    const empty = await admin('GET', `/api/access-control/role/${role.id}/permissions`);
    expect(empty.body.map((p: { slug: string }) => p.slug)).toEqual(MODULES.map((m) => m.slug));
    expect(empty.body.every((p: { active: boolean }) => !p.active)).toBe(true);

    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(10);
    const saved = await admin('POST', `/api/access-control/role/${role.id}/permissions`, {
      permissions: [{ module_id: moduleIds.samples, active: true }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.modules).toEqual([moduleIds.samples]);
    await admin('POST', `/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: moduleIds.costs, active: true }] });
    await admin('POST', `/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: moduleIds.costs, active: false }] });

    const after = await admin('GET', `/api/access-control/role/${role.id}/permissions`);
    expect(after.body.filter((p: { active: boolean }) => p.active).map((p: { slug: string }) => p.slug)).toEqual(['samples']);
    // The role carries its modules and moved forward: the devices' next roles pull brings it.
    const pull = await admin('GET', `/api/user/role/all?updated_since=${encodeURIComponent(since)}`);
    expect(pull.body.list.find((r: { id: number }) => r.id === role.id).modules).toEqual([moduleIds.samples]);
  });

  it.each([
    [{ permissions: [] }, 'Informe ao menos um módulo.'],
    [{ permissions: [{ module_id: 999999, active: true }] }, MESSAGES.moduleNotFound],
    [{ permissions: 'todos' }, 'Deve ser uma lista.'],
  ])('refuse %j', async (body, message) => {
    const id = await roleIdOf('sem-modulos');
    const reply = await admin('POST', `/api/access-control/role/${id}/permissions`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  it('answer 404 for an unknown department', async () => {
    expect((await admin('GET', '/api/access-control/role/999999/permissions')).body.message).toBe(MESSAGES.roleNotFound);
  });
});

describe('a change applies on the very next call', () => {
  it('a role losing a module mid-session: the next call is refused, and allowed again once it is back', async () => {
    const role = await createRole('Atendimento');
    await admin('POST', `/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: moduleIds.customers, active: true }] });
    await insertUser(t.db, {
      name: 'Atendente',
      username: 'atendente',
      email: 'atendente@empresa.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'atendimento',
    });
    const token = (await signIn(t, 'atendente', 'senha-de-teste-1')).access_token;
    const customers = () => call(t, 'GET', '/api/customer/all/0/10', { token });

    expect((await customers()).status).toBe(200); // and now cached for a few seconds
    await admin('POST', `/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: moduleIds.customers, active: false }] });
    expect((await customers()).status).toBe(403);
    expect((await call(t, 'GET', '/api/user', { token })).body.modules).toEqual([]);
    await admin('POST', `/api/access-control/role/${role.id}/permissions`, { permissions: [{ module_id: moduleIds.customers, active: true }] });
    expect((await customers()).status).toBe(200);
  });

  it("a user moved to another department: the next call follows the new department's modules", async () => {
    const from = await createRole('Vendas');
    await admin('POST', `/api/access-control/role/${from.id}/permissions`, { permissions: [{ module_id: moduleIds.customers, active: true }] });
    const to = await createRole('Campo Só Amostras');
    await admin('POST', `/api/access-control/role/${to.id}/permissions`, { permissions: [{ module_id: moduleIds.samples, active: true }] });
    const userId = await insertUser(t.db, {
      name: 'Vendedor',
      username: 'vendedor',
      email: 'vendedor@empresa.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'vendas',
    });
    const token = (await signIn(t, 'vendedor', 'senha-de-teste-1')).access_token;
    expect((await call(t, 'GET', '/api/customer/all/0/10', { token })).status).toBe(200);

    const moved = await admin('POST', `/api/access-control/user/${userId}`, { role_id: to.id });
    expect(moved.status).toBe(200);
    expect(moved.body.settings.role).toMatchObject({ id: to.id, slug: 'campo-so-amostras' });
    expect((await call(t, 'GET', '/api/customer/all/0/10', { token })).status).toBe(403);
    const me = await call(t, 'GET', '/api/user', { token });
    expect(me.body.settings.role.id).toBe(to.id);
    expect(me.body.modules.map((m: { slug: string }) => m.slug)).toEqual(['samples']);
  });
});

describe("a user's department", () => {
  it('lists the active users with their departments', async () => {
    const reply = await admin('GET', '/api/access-control/user');
    const names = reply.body.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'tecnico', 'cliente']));
    expect(reply.body.find((u: { username: string }) => u.username === 'tecnico').settings.role.slug).toBe('tecnico-de-campo');
  });

  it.each([
    ['no department', (c: Cast) => c.userIds.technician, {}, 400, MESSAGES.chooseRole],
    ['an unknown department', (c: Cast) => c.userIds.technician, { role_id: 999999 }, 400, MESSAGES.roleNotFound],
    ['an administrator', (c: Cast) => c.userIds.admin, { role_id: 1 }, 400, MESSAGES.adminHasNoRole],
    ['an unknown user', () => 999999, { role_id: 1 }, 404, MESSAGES.userNotFound],
  ])('refuses %s', async (_case, who, body, status, message) => {
    const reply = await admin('POST', `/api/access-control/user/${who(cast)}`, body);
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
  });
});
