/**
 * Against the real server: the read-only lists (settings, modules, types,
 * roles) are pulled and stay readable on the device once the server is
 * unreachable; a device pulls only the lists its user may read, so a
 * customer-type user's sync makes no 403 call; and when the user's
 * permissions change, the next sync follows.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readerOf, type Reader } from '@sync/contract/access';
import { MODULES } from '@sync/contract/modules';
import { currentUserSchema } from '@sync/contract/user';
import { saveRecord } from '@sync/engine/mutations';
import { readAll } from '@sync/store/queries';
import { AUTH_CACHE_TTL_MS } from '@server/auth/auth-cache';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { modules, rolePermissions, roles, users } from '@server/db/schema';
import { PasswordAuth } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;
const PASSWORD = 'senha-de-teste-1';

interface SignedIn {
  auth: PasswordAuth;
  /** What the engine asks on every pull (the session's user). */
  reader: () => Reader;
  /** Re-reads the user, as the session does after a 403 or on start-up. */
  refresh: () => Promise<void>;
}

async function signedInUser(username: string, roleSlug: string): Promise<SignedIn> {
  const [existing] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!existing) await insertUser(server.db, { name: username, username, email: `${username}@empresa.com.br`, password: PASSWORD, roleSlug });
  const auth = new PasswordAuth(() => server.url, username, PASSWORD);
  await auth.signIn();
  let reader = await readUser(auth);
  return {
    auth,
    reader: () => reader,
    refresh: async () => {
      reader = await readUser(auth);
    },
  };
}

async function readUser(auth: PasswordAuth): Promise<Reader> {
  const response = await fetch(`${server.directUrl}/api/user`, { headers: { authorization: `Bearer ${await auth.getAccessToken()}` } });
  return readerOf(currentUserSchema.parse(await response.json()));
}

describe('read-only lists on the device', () => {
  it('are pulled, and stay readable when the server is unreachable', async () => {
    const device = await bed.device();
    const modulesHere = await readAll(device.db, 'modules');
    expect(modulesHere.map((module) => module.slug).sort()).toEqual(MODULES.map((module) => module.slug).sort());
    expect((await readAll(device.db, 'user_types')).map((type) => type.id).sort()).toEqual([1, 2]);
    expect((await readAll(device.db, 'payment_types')).length).toBeGreaterThan(0);
    expect((await readAll(device.db, 'exposition_types')).length).toBeGreaterThan(0);
    expect((await readAll(device.db, 'sample_types')).length).toBe(4);
    expect((await readAll(device.db, 'roles')).some((role) => role.slug === 'cliente')).toBe(true);
    expect((await readAll(device.db, 'users')).map((user) => user.username)).toContain('admin');
    const settings = await readAll(device.db, 'settings');
    expect(settings.some((option) => option.option === 'message_sendMessageNewFilesUpload')).toBe(true);

    server.proxy.setTarget(null);
    try {
      const run = await device.engine.syncNow();
      expect(run.ok).toBe(false);
      const reloaded = await bed.reload(device);
      expect(await readAll(reloaded.db, 'modules')).toHaveLength(MODULES.length);
      expect(await readAll(reloaded.db, 'settings')).toHaveLength(settings.length);
      await expect(saveRecord(reloaded.db, 'settings', settings[0]!.key, { value: 'x' })).rejects.toMatchObject({ code: 'validation' });
    } finally {
      server.proxy.setTarget(server.directUrl);
    }
  });
});

/**
 * These tests change links and permissions straight in the database (no
 * route writes them yet), so the server's authorization cache, which the
 * routes would clear, learns of them only once its entries expire.
 */
function permissionsChangedInDatabase(): void {
  server.clock.skip(AUTH_CACHE_TTL_MS + 1);
}

describe('a device pulls only what its user may read', () => {
  it("a customer-type user's sync makes no 403 call, and brings their customer and the read-only lists", async () => {
    const customerId = await insertCustomer(server.db, { name: 'Cliente do Portal Ltda' });
    const { auth, reader } = await signedInUser('portal', 'cliente');
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, 'portal'));
    await linkUserToCustomer(server.db, user!.id, customerId);
    permissionsChangedInDatabase();
    const from = server.proxy.log.length;
    const device = await bed.device({ auth, reader });
    const calls = server.proxy.log.slice(from);
    expect(calls.filter((call) => call.status === 403)).toEqual([]);
    expect(calls.some((call) => call.path.startsWith('/api/customer/all'))).toBe(true);
    expect(calls.some((call) => /^\/api\/(cost|product|user\/all)/.test(call.path))).toBe(false);
    expect((await readAll(device.db, 'customers')).map((customer) => customer.name)).toEqual(['Cliente do Portal Ltda']);
    expect(await readAll(device.db, 'modules')).toHaveLength(MODULES.length);
  });

  it('without the rule the same device would have met 403s (what the rule saves)', async () => {
    const { auth } = await signedInUser('portal', 'cliente');
    const from = server.proxy.log.length;
    await bed.device({ auth });
    expect(server.proxy.log.slice(from).filter((call) => call.status === 403).length).toBeGreaterThan(0);
  });

  it('when the role gains a module, the next sync brings its lists', async () => {
    const admin = await bed.device();
    const costKey = await saveRecord(admin.db, 'costs', null, { name: 'Deslocamento', price: 120 });
    await admin.engine.drain();
    const [role] = await server.db.insert(roles).values({ name: 'Financeiro', slug: 'financeiro' }).returning({ id: roles.id });
    const signed = await signedInUser('financeiro', 'financeiro');
    const device = await bed.device({ auth: signed.auth, reader: signed.reader });
    expect(await readAll(device.db, 'costs')).toEqual([]);

    const [costs] = await server.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, 'costs'));
    await server.db.insert(rolePermissions).values({ role_id: role!.id, module_id: costs!.id, active: true });
    permissionsChangedInDatabase();
    await signed.refresh();
    const from = server.proxy.log.length;
    await device.engine.drain();
    expect(server.proxy.log.slice(from).filter((call) => call.status === 403)).toEqual([]);
    const pulled = await readAll(device.db, 'costs');
    expect(pulled.map((cost) => cost.name)).toEqual(['Deslocamento']);
    expect(pulled[0]!.id).toBe((await admin.db.records('costs').get(costKey))!.id);

    // Taken away again: the next sync no longer asks (nothing refused).
    await server.db.delete(rolePermissions).where(and(eq(rolePermissions.role_id, role!.id), eq(rolePermissions.module_id, costs!.id)));
    permissionsChangedInDatabase();
    await signed.refresh();
    const after = server.proxy.log.length;
    await device.engine.drain();
    expect(server.proxy.log.slice(after).filter((call) => call.status === 403 || call.path.startsWith('/api/cost'))).toEqual([]);
  });
});
