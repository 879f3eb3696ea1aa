/**
 * The profile call (the current user's own data and password, never their
 * access) and the user-customer links that scope a customer-type user:
 * once linked they read that customer and no other, at once (the auth
 * cache forgets them), and after the unlink they read none.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATH, USER_MESSAGES } from '@sync/contract/user-input';
import { insertCustomer, insertUser } from '@server/db/demo/records';
import { createCast, type Caller, type Cast } from '../helpers/people';
import { call, passwordGrant, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { sendForm } from './support';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const PROFILE = `/${PROFILE_PATH}`;

describe('profile', () => {
  const person = { name: 'Rita Perfil', username: 'rita', email: 'rita@empresa.com.br', password: 'senha-da-rita-1' };
  let token: string;
  beforeAll(async () => {
    await insertUser(t.db, { ...person, roleSlug: 'tecnico-de-campo' });
    token = (await signIn(t, person.username, person.password)).access_token;
  });

  const base = () => ({ name: person.name, email: person.email, phone: '11987654321', store_activated: 'true' });

  it('saves name, e-mail, phone and image, and answers the current user', async () => {
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .webp()
      .toBuffer();
    const reply = await sendForm(
      t,
      'POST',
      PROFILE,
      token,
      { ...base(), name: 'Rita Souza', email: 'rita.souza@empresa.com.br' },
      {
        bytes: image,
        type: 'image/webp',
        name: 'eu.webp',
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(USER_MESSAGES.profileSaved);
    expect(reply.body.user).toMatchObject({ name: 'Rita Souza', email: 'rita.souza@empresa.com.br', phone: '11987654321' });
    expect(reply.body.user.settings.image.name).toBe('eu.jpg');
    const me = await call(t, 'GET', '/api/user', { token });
    expect(me.body).toEqual(reply.body.user);
    const served = await fetch(`${t.baseUrl}${me.body.settings.image.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    person.email = 'rita.souza@empresa.com.br';
  });

  const refusals: Array<[string, Record<string, string>, string, string]> = [
    ['name missing', { name: '' }, 'name', USER_MESSAGES.nameRequired],
    ['phone missing', { phone: '' }, 'phone', USER_MESSAGES.phoneRequired],
    ['phone not numeric', { phone: '(11) 9876-5432' }, 'phone', USER_MESSAGES.phoneNumeric],
    ['e-mail invalid', { email: 'rita' }, 'email', USER_MESSAGES.emailInvalid],
    ['e-mail of someone else', { email: 'tecnico@empresa.com.br' }, 'email', USER_MESSAGES.emailTaken],
    [
      'password without the old one',
      { password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
      'old_password',
      USER_MESSAGES.oldPasswordRequired,
    ],
    [
      'wrong old password',
      { old_password: 'nao-e-essa', password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
      'old_password',
      USER_MESSAGES.oldPasswordWrong,
    ],
    [
      'confirmation differs',
      { old_password: 'senha-da-rita-1', password: 'nova-senha-123', password_confirmation: 'nova-senha-124' },
      'password_confirmation',
      USER_MESSAGES.passwordsDiffer,
    ],
  ];

  it.each(refusals)('%s → 400 at the field', async (_name, change, field, message) => {
    const reply = await sendForm(t, 'POST', PROFILE, token, { ...base(), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toContain(message);
  });

  it('changes the password with the old one: other sessions end, this one stays', async () => {
    const other = await signIn(t, person.username, person.password);
    const reply = await sendForm(t, 'POST', PROFILE, token, {
      ...base(),
      old_password: person.password,
      password: 'senha-nova-da-rita',
      password_confirmation: 'senha-nova-da-rita',
    });
    expect(reply.status).toBe(200);
    expect((await call(t, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/user', { token: other.access_token })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(person.username, person.password) })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(person.username, 'senha-nova-da-rita') })).status).toBe(200);
  });

  it('never changes type, department or username', async () => {
    const reply = await sendForm(t, 'POST', PROFILE, token, { ...base(), user_type_id: '1', role_id: '1', username: 'chefe' });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ username: 'rita', settings: { user_type_id: 2, role: { slug: 'tecnico-de-campo' } } });
    const me = await call(t, 'GET', '/api/user', { token });
    expect(me.body.modules.map((m: { slug: string }) => m.slug)).not.toContain('users');
  });

  it.each<Caller>(['anonymous', 'noModule', 'technician', 'office', 'admin', 'customer'])('is open to every signed-in user (%s)', async (caller) => {
    const token = cast.tokens[caller];
    const me = token ? (await call(t, 'GET', '/api/user', { token })).body : null;
    const fields = me ? { name: me.name, email: me.email, phone: '1133334444', store_activated: 'true' } : base();
    expect((await sendForm(t, 'POST', PROFILE, token, fields)).status).toBe(caller === 'anonymous' ? 401 : 200);
  });
});

describe('user-customer links', () => {
  const person = { name: 'Cliente Novo', username: 'clientenovo', email: 'novo@cliente.com.br', password: 'senha-cliente-1' };
  let userId: number;
  let token: string;
  let first: number;
  let second: number;

  beforeAll(async () => {
    userId = await insertUser(t.db, { ...person, roleSlug: 'cliente' });
    first = await insertCustomer(t.db, { name: 'Primeiro Cliente Ltda' });
    second = await insertCustomer(t.db, { name: 'Segundo Cliente Ltda' });
    token = (await signIn(t, person.username, person.password)).access_token;
  });

  const listed = async () => (await call(t, 'GET', '/api/customer/all/0/10', { token })).body.list.map((c: { id: number }) => c.id);

  it('links a customer: the customer-type user reads it, and only it, at once', async () => {
    expect(await listed()).toEqual([]);
    // What the customer-type user's device saw last: its pull cursor, well after the customers were written.
    t.clock.advance(2 * 60_000);
    const cursor = (await call(t, 'GET', `/api/customer/all/0/100?updated_since=${encodeURIComponent(new Date(0).toISOString())}`, { token })).body
      .server_time;
    t.clock.advance(1_000);
    const before = (await call(t, 'GET', `/api/user/${userId}`, { token: cast.tokens.admin })).body;
    expect(before.customers).toEqual([]);
    const reply = await sendForm(t, 'POST', '/api/user-customers/', cast.tokens.admin, { user_id: String(userId), customer_id: String(first) });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      message: USER_MESSAGES.customerAdded,
      link: { user_id: userId, customer_id: first, customer: { id: first, name: 'Primeiro Cliente Ltda' } },
    });
    expect(await listed()).toEqual([first]);
    // Its next incremental pull brings the customer, though the customer itself did not change.
    const pull = await call(t, 'GET', `/api/customer/all/0/100?updated_since=${encodeURIComponent(cursor)}`, { token });
    expect(pull.body.list.map((c: { id: number }) => c.id)).toEqual([first]);
    expect((await call(t, 'GET', `/api/customer/${first}`, { token })).status).toBe(200);
    expect((await call(t, 'GET', `/api/customer/${second}`, { token })).status).toBe(403);
    const links = await call(t, 'GET', `/api/user-customers/${userId}`, { token: cast.tokens.admin });
    expect(links.body.map((l: { customer_id: number }) => l.customer_id)).toEqual([first]);
    // The users list carries the links, as a new version of the user (a pull brings it).
    const after = (await call(t, 'GET', `/api/user/${userId}`, { token: cast.tokens.admin })).body;
    expect(after.customers).toEqual([{ id: first, name: 'Primeiro Cliente Ltda' }]);
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('refuses a duplicate, a missing customer, and a user who is not customer-type', async () => {
    const again = await sendForm(t, 'POST', '/api/user-customers', cast.tokens.admin, { user_id: String(userId), customer_id: String(first) });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(USER_MESSAGES.customerAlreadyAdded);
    const none = await sendForm(t, 'POST', '/api/user-customers', cast.tokens.admin, { user_id: String(userId), customer_id: '' });
    expect(none.status).toBe(400);
    expect(none.body.errors.customer_id).toEqual([USER_MESSAGES.selectCustomer]);
    const unknown = await sendForm(t, 'POST', '/api/user-customers', cast.tokens.admin, { user_id: String(userId), customer_id: '999999' });
    expect(unknown.status).toBe(404);
    const staff = await sendForm(t, 'POST', '/api/user-customers', cast.tokens.admin, {
      user_id: String(cast.userIds.technician),
      customer_id: String(first),
    });
    expect(staff.status).toBe(400);
    expect(staff.body.message).toBe(USER_MESSAGES.notCustomerUser);
  });

  it('needs the users module', async () => {
    const fields = { user_id: String(userId), customer_id: String(second) };
    expect((await sendForm(t, 'POST', '/api/user-customers', undefined, fields)).status).toBe(401);
    expect((await sendForm(t, 'POST', '/api/user-customers', cast.tokens.technician, fields)).status).toBe(403);
    expect((await sendForm(t, 'POST', '/api/user-customers', token, fields)).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/user-customers/${userId}/${first}`, { token: cast.tokens.technician })).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/user-customers/${userId}/${first}`, { token })).status).toBe(403);
    expect(await listed()).toEqual([first]);
  });

  it('unlinks: the message, and the user reads that customer no more', async () => {
    const reply = await call(t, 'DELETE', `/api/user-customers/${userId}/${first}`, { token: cast.tokens.office });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: USER_MESSAGES.customerRemoved });
    expect(await listed()).toEqual([]);
    expect((await call(t, 'GET', `/api/customer/${first}`, { token })).status).toBe(403);
    expect((await call(t, 'GET', `/api/user/${userId}`, { token: cast.tokens.admin })).body.customers).toEqual([]);
    expect((await call(t, 'DELETE', `/api/user-customers/${userId}/${first}`, { token: cast.tokens.admin })).status).toBe(404);
  });
});
