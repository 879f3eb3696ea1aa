/**
 * Against the real server, with the app's own session and user-sync (the
 * engine the PWA runs): when an administrator changes a user's department
 * or its permissions, the user's device learns it on its next sync run: the
 * session's user (menu, route guards, the pull's reader) follows, the lists
 * it may no longer read stop being pulled, and offline the device keeps what
 * it last knew.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_CONTROL_PATHS } from '@sync/contract/access-control';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET } from '@sync/contract/auth';
import { manualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { createMemoryStorage, createSession, USER_FRESH_MS, type Session } from '@sync/session';
import { readAll } from '@sync/store/queries';
import { insertUser } from '@server/db/demo/records';
import { modules } from '@server/db/schema';
import { decideModuleAccess } from '@/app/guard/module-access';
import { navigationFor } from '@/app/navigation/admin-navigation';
import { createUserSync, type UserSyncController } from '@/app/sync/user-sync';
import { ADMIN } from './support/sync-server';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;
const PASSWORD = 'senha-de-teste-1';

let controller: UserSyncController | null = null;
afterEach(async () => {
  await controller?.dispose();
  controller = null;
});

async function adminCall(method: string, path: string, json?: unknown): Promise<unknown> {
  const token = await fetch(`${server.directUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: ADMIN.username,
      password: ADMIN.password,
      client_id: PWA_CLIENT_ID,
      client_secret: PWA_CLIENT_SECRET,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${server.directUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

async function moduleId(slug: string): Promise<number> {
  const [row] = await server.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, slug));
  return row!.id;
}

async function roleWith(name: string, slugs: string[]): Promise<number> {
  const role = (await adminCall('POST', ACCESS_CONTROL_PATHS.roles, { name })) as { id: number };
  for (const slug of slugs)
    await adminCall('POST', ACCESS_CONTROL_PATHS.permissions(role.id), { permissions: [{ module_id: await moduleId(slug), active: true }] });
  return role.id;
}

const slugsOf = (session: Session) => session.getState().user!.modules.map((m) => m.slug);
const menuOf = (session: Session) => navigationFor(session.getState().user!).map((item) => item.label);

describe('a change of department or permissions reaches the device on its next sync', () => {
  it('the session user, the menu, the route guard and the pulled lists follow it; offline the device keeps what it knew', async () => {
    const roleId = await roleWith('Campo e Clientes', ['customers', 'samples']);
    const samplesOnly = await roleWith('Campo Amostras', ['samples']);
    const userId = await insertUser(server.db, {
      name: 'Técnica Campo',
      username: 'tecnica.campo',
      email: 'tecnica.campo@empresa.com.br',
      password: PASSWORD,
      roleSlug: 'campo-e-clientes',
    });

    const environment = manualEnvironment(true);
    // The session's clock: within USER_FRESH_MS of the sign-in, the user is not read again.
    let clock = Date.now();
    const session = createSession({ baseUrl: server.url, storage: createMemoryStorage(), cookies: null, locks: null, now: () => clock });
    await session.signIn('tecnica.campo', PASSWORD);
    controller = createUserSync({ session, baseUrl: server.url, engine: { environment, lock: noLock, intervalMs: 3_600_000 } });
    const { engine, db } = controller.getState()!;
    await engine.drain();
    expect(slugsOf(session)).toEqual(['customers', 'samples']);
    expect(decideModuleAccess(session.getState().user!, '/admin/clientes/lista/1').allowed).toBe(true);

    // The administrator switches the customers module off for the department.
    await adminCall('POST', ACCESS_CONTROL_PATHS.permissions(roleId), { permissions: [{ module_id: await moduleId('customers'), active: false }] });
    expect(slugsOf(session)).toEqual(['customers', 'samples']); // not before the next sync
    // Nor on a sync within USER_FRESH_MS of the sign-in, which has just read the user.
    await engine.drain();
    expect(slugsOf(session)).toEqual(['customers', 'samples']);
    clock += USER_FRESH_MS;
    await engine.drain();
    expect(slugsOf(session)).toEqual(['samples']);
    expect(menuOf(session)).not.toContain('Clientes');
    expect(decideModuleAccess(session.getState().user!, '/admin/clientes/lista/1')).toEqual({ allowed: false, module: 'customers' });
    // The roles list on the device carries the change too (the 'Módulos' tab reads it).
    const roleHere = (await readAll(db, 'roles')).find((r) => r.id === roleId) as { modules: number[] } | undefined;
    expect(roleHere?.modules).toEqual([await moduleId('samples')]);

    // Offline, an administrator's change waits: the device keeps what it last knew.
    environment.set(false);
    await adminCall('POST', ACCESS_CONTROL_PATHS.user(userId), { role_id: samplesOnly });
    await adminCall('POST', ACCESS_CONTROL_PATHS.permissions(samplesOnly), { permissions: [{ module_id: await moduleId('costs'), active: true }] });
    await engine.syncNow();
    expect(session.getState().user!.settings.role?.id).toBe(roleId);
    expect(slugsOf(session)).toEqual(['samples']);

    // Back online, the next sync brings the new department and its modules; the lists it allows arrive.
    environment.set(true);
    await engine.drain();
    expect(session.getState().user!.settings.role).toMatchObject({ id: samplesOnly, name: 'Campo Amostras' });
    expect(slugsOf(session)).toEqual(['samples', 'costs']);
    expect(menuOf(session)).toContain('Custos');
  });
});
