/**
 * The sign-in protections and the narrowed deleted_ids on a real
 * PostgreSQL, with two app instances on one database standing for two
 * server processes: the attempt counts (table auth_attempts) are shared,
 * so guessing through one process is held back by the other; and a
 * customer-type user's pull learns only the deletions it could see. Runs
 * when TEST_DATABASE_URL points at a server (CI starts one).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { ZodApp } from '@server/app-context';
import { insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { createFileMailer } from '@server/mail/mailer';
import { startPostgresApp, TEST_DATABASE_URL, type PostgresTestApp } from './helpers/postgres-app';
import { ADMIN, call, passwordGrant, signIn } from './helpers/test-app';

describe.skipIf(!TEST_DATABASE_URL)('sign-in protections and deletions on PostgreSQL', () => {
  let one: PostgresTestApp;
  let two: { app: ZodApp; baseUrl: string };

  beforeAll(async () => {
    one = await startPostgresApp('auth');
    const app = await buildApp({
      db: one.db,
      config: one.config,
      clock: one.clock,
      mailer: createFileMailer(join(one.dataDir, 'mail-two'), one.config.mailFrom),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    two = { app, baseUrl: `http://127.0.0.1:${address.port}` };
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.close();
  });

  it('shares the per-account delay between processes', async () => {
    const user = { username: 'compartilhado', email: 'compartilhado@empresa.com.br', password: 'senha-certa-1' };
    await insertUser(one.db, { name: 'Compartilhado', roleSlug: 'tecnico-de-campo', ...user });
    for (let i = 0; i < 5; i++) {
      const through = i % 2 === 0 ? one : two;
      expect((await call(through, 'POST', '/oauth/token', { json: passwordGrant(user.username, 'errada') })).status).toBe(401);
    }
    for (const through of [one, two]) {
      const reply = await call(through, 'POST', '/oauth/token', { json: passwordGrant(user.username, user.password) });
      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    one.clock.advance(1000);
    expect((await call(two, 'POST', '/oauth/token', { json: passwordGrant(user.username, user.password) })).status).toBe(200);
  });

  it("narrows a customer-type user's deleted_ids to the customers it was linked to", async () => {
    const admin = (await signIn(one, ADMIN.username, ADMIN.password)).access_token;
    const since = new Date(one.clock.now()).toISOString();
    one.clock.advance(1000);
    const create = async (name: string) =>
      (
        await call(one, 'POST', '/api/customer', {
          token: admin,
          json: { name, type: 'individual', email: `${name}@x.com.br`, phone: '11999990000' },
        })
      ).body.id as number;
    const mine = await create('meu');
    const theirs = await create('alheio');
    const customerUser = await insertUser(one.db, {
      name: 'Cliente',
      username: 'cliente-pg',
      email: 'cliente-pg@x.com.br',
      password: 'senha-cliente-1',
      roleSlug: 'cliente',
    });
    await linkUserToCustomer(one.db, customerUser, mine);
    const token = (await signIn(one, 'cliente-pg', 'senha-cliente-1')).access_token;
    for (const id of [mine, theirs]) expect((await call(one, 'DELETE', `/api/customer/${id}`, { token: admin })).status).toBe(204);

    const path = `/api/customer/all/0/10?updated_since=${encodeURIComponent(since)}`;
    expect((await call(two, 'GET', path, { token })).body.deleted_ids).toEqual([mine]);
    expect((await call(two, 'GET', path, { token: admin })).body.deleted_ids).toEqual([mine, theirs].sort((a, b) => a - b));
  });
});
