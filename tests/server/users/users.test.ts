/**
 * The users calls on the real app (PGlite, loopback, a real SMTP server):
 * create and update as form data with an image re-encoded to JPEG, the
 * spec's validations in Portuguese, the list with search and paging, the
 * soft delete, the new user's password e-mail, who may call what, and the
 * guards against raising one's own access.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@sync/contract/user-input';
import { users } from '@server/db/schema';
import { createSmtpMailer } from '@server/mail/mailer';
import { createCast, type Caller, type Cast } from '../helpers/people';
import { header, plainText, startSmtpServer } from '../helpers/smtp';
import { call, passwordGrant, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { sendForm, type FormImage } from './support';

let t: TestApp;
let cast: Cast;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailsSeen = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>') });
  cast = await createCast(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const admin = () => cast.tokens.admin!;
let serial = 0;
/** Fields of a valid new user, unique per call. */
function newUser(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  return {
    name: `Pessoa ${serial}`,
    username: `pessoa${serial}`,
    email: `pessoa${serial}@empresa.com.br`,
    phone: '(11) 98765-4321',
    position: 'Técnica',
    registration_code: `ABHO-${serial}`,
    user_type_id: '2',
    role_id: '2',
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    send_password: 'false',
    ...overrides,
  };
}

async function png(width = 1600, height = 900): Promise<FormImage> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
  return { bytes, type: 'image/png', name: 'retrato.png' };
}

async function roleId(slug: string): Promise<number> {
  const reply = await call(t, 'GET', '/api/user/role/all', { token: admin() });
  return reply.body.find((r: { slug: string }) => r.slug === slug).id;
}

describe('creating a user', () => {
  it('saves the form data, re-encodes the image to JPEG and answers the spec message', async () => {
    const fields = newUser({ role_id: String(await roleId('tecnico-de-campo')) });
    const reply = await sendForm(t, 'POST', '/api/user', admin(), fields, await png());
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(USER_MESSAGES.saved);
    const user = reply.body.user;
    expect(user).toMatchObject({
      name: fields.name,
      username: fields.username,
      email: fields.email,
      phone: '11987654321',
      deleted_at: null,
      settings: { position: 'Técnica', registration_code: fields.registration_code, user_type_id: 2, role: { slug: 'tecnico-de-campo' } },
    });
    expect(user.settings.image).toMatchObject({ name: 'retrato.jpg' });

    const image = await fetch(`${t.baseUrl}${user.settings.image.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);

    // The new user signs in with the password chosen for them.
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(fields.username!, fields.password!) })).status).toBe(200);
    const fetched = await call(t, 'GET', `/api/user/${user.id}`, { token: admin() });
    expect(fetched.body).toEqual(user);
  });

  it('e-mails the password to the new user through SMTP when asked', async () => {
    const fields = newUser({ send_password: 'true', name: 'Joana Nova' });
    const reply = await sendForm(t, 'POST', '/api/user', admin(), fields);
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(USER_MESSAGES.saved);
    mailsSeen += 1;
    const mail = await smtp.waitFor(mailsSeen);
    expect(mail.to).toEqual([fields.email]);
    expect(header(mail.raw, 'Subject')).toBe('Seu acesso ao sistema');
    const text = plainText(mail.raw);
    expect(text).toContain('Olá, Joana Nova!');
    expect(text).toContain(`Usuário: ${fields.username}`);
    expect(text).toContain(`Senha: ${fields.password}`);
    expect(text).toContain('http://app.test/public/login');
  });

  it('sends no e-mail with the toggle off', async () => {
    const before = smtp.received.length;
    expect((await sendForm(t, 'POST', '/api/user', admin(), newUser({ send_password: 'false' }))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });

  it('gives an administrator no department', async () => {
    const reply = await sendForm(t, 'POST', '/api/user', admin(), newUser({ user_type_id: '1', role_id: '2' }));
    expect(reply.status).toBe(201);
    expect(reply.body.user.settings).toMatchObject({ user_type_id: 1, role_id: null, role: null });
  });

  it('accepts JSON too, and defaults the type to 2', async () => {
    const { user_type_id: _type, ...fields } = newUser();
    const reply = await call(t, 'POST', '/api/user', { token: admin(), json: fields });
    expect(reply.status).toBe(201);
    expect(reply.body.user.settings.user_type_id).toBe(2);
  });
});

describe('validation', () => {
  const taken = newUser();
  beforeAll(async () => {
    expect((await sendForm(t, 'POST', '/api/user', admin(), taken)).status).toBe(201);
  });

  const cases: Array<[string, () => Record<string, string>, string, string]> = [
    ['name missing', () => newUser({ name: ' ' }), 'name', USER_MESSAGES.nameRequired],
    ['username missing', () => newUser({ username: '' }), 'username', USER_MESSAGES.usernameRequired],
    ['e-mail missing', () => newUser({ email: '' }), 'email', USER_MESSAGES.emailRequired],
    ['e-mail invalid', () => newUser({ email: 'nao-e-email' }), 'email', USER_MESSAGES.emailInvalid],
    ['password missing', () => newUser({ password: '', password_confirmation: '' }), 'password', USER_MESSAGES.passwordRequired],
    ['confirmation differs', () => newUser({ password_confirmation: 'outra-senha-1' }), 'password_confirmation', USER_MESSAGES.passwordsDiffer],
    ['confirmation missing', () => newUser({ password_confirmation: '' }), 'password_confirmation', USER_MESSAGES.confirmationRequired],
    ['password short', () => newUser({ password: 'curta', password_confirmation: 'curta' }), 'password', USER_MESSAGES.passwordTooShort],
    ['e-mail taken (any case)', () => newUser({ email: taken.email!.toUpperCase() }), 'email', USER_MESSAGES.emailTaken],
    ['username taken (any case)', () => newUser({ username: taken.username!.toUpperCase() }), 'username', USER_MESSAGES.usernameTaken],
    ['unknown department', () => newUser({ role_id: '9999' }), 'role_id', USER_MESSAGES.unknownRole],
    ['unknown type', () => newUser({ user_type_id: '77' }), 'user_type_id', USER_MESSAGES.unknownType],
  ];

  it.each(cases)('%s → 400 with the message at the field, nothing saved', async (_name, fields, field, message) => {
    const input = fields();
    const reply = await sendForm(t, 'POST', '/api/user', admin(), input);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toContain(message);
    const saved = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, input.username ?? ''));
    if (!input.username?.toLowerCase().startsWith(taken.username!)) expect(saved).toEqual([]);
  });

  it('refuses files that are not images, and image types that are not images inside', async () => {
    const text = await sendForm(t, 'POST', '/api/user', admin(), newUser(), { bytes: Buffer.from('olá'), type: 'text/plain', name: 'a.txt' });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(USER_MESSAGES.imageType);
    const fake = await sendForm(t, 'POST', '/api/user', admin(), newUser(), { bytes: Buffer.from('not a png'), type: 'image/png', name: 'a.png' });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(USER_MESSAGES.imageType);
  });
});

describe('list, update and delete', () => {
  it('lists active users with search and paging; trashed shows the deleted', async () => {
    const marker = `Listado${Date.now()}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const reply = await sendForm(t, 'POST', '/api/user', admin(), newUser({ name: `${marker} ${n}` }));
      ids.push(reply.body.user.id);
    }
    await call(t, 'DELETE', `/api/user/${ids[2]}`, { token: admin() });
    const page = await call(t, 'GET', `/api/user/all/0/1?search=${marker}`, { token: admin() });
    expect(page.body.total_items).toBe(2);
    expect(page.body.list.map((u: { name: string }) => u.name)).toEqual([`${marker} 1`]);
    const second = await call(t, 'GET', `/api/user/all/1/1?search=${marker}`, { token: admin() });
    expect(second.body.list.map((u: { name: string }) => u.name)).toEqual([`${marker} 2`]);
    const trashed = await call(t, 'GET', `/api/user/all/0/10?search=${marker}&trashed=true`, { token: admin() });
    expect(trashed.body.total_items).toBe(3);
  });

  it('updates fields, keeps the password when none is sent, and replaces the image', async () => {
    const fields = newUser();
    const created = await sendForm(t, 'POST', '/api/user', admin(), fields, await png(300, 300));
    const id = created.body.user.id;
    const oldUrl = created.body.user.settings.image.url;
    const { password: _p, password_confirmation: _c, ...rest } = fields;
    const updated = await sendForm(t, 'POST', `/api/user/${id}`, admin(), { ...rest, name: 'Nome Novo', position: '' }, await png(200, 400));
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(USER_MESSAGES.saved);
    expect(updated.body.user).toMatchObject({ name: 'Nome Novo', settings: { position: null } });
    expect(updated.body.user.updated_at > created.body.user.updated_at).toBe(true);
    expect(updated.body.user.settings.image.url).not.toBe(oldUrl);
    expect((await fetch(`${t.baseUrl}${oldUrl}`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}${updated.body.user.settings.image.url}`)).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(fields.username!, fields.password!) })).status).toBe(200);
  });

  it('a new password signs the user out and only the new one works', async () => {
    const fields = newUser();
    const id = (await sendForm(t, 'POST', '/api/user', admin(), fields)).body.user.id;
    const session = await signIn(t, fields.username!, fields.password!);
    const reply = await sendForm(t, 'POST', `/api/user/${id}`, admin(), {
      ...fields,
      password: 'senha-nova-22',
      password_confirmation: 'senha-nova-22',
    });
    expect(reply.status).toBe(200);
    expect((await call(t, 'GET', '/api/user', { token: session.access_token })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(fields.username!, fields.password!) })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(fields.username!, 'senha-nova-22') })).status).toBe(200);
  });

  it('deletes softly: the message, the mark, no more sign-in, and a second delete is 404', async () => {
    const fields = newUser();
    const id = (await sendForm(t, 'POST', '/api/user', admin(), fields)).body.user.id;
    const session = await signIn(t, fields.username!, fields.password!);
    const reply = await call(t, 'DELETE', `/api/user/${id}`, { token: admin() });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Usuário deletado com sucesso' });
    const kept = await call(t, 'GET', `/api/user/${id}`, { token: admin() });
    expect(kept.body.deleted_at).not.toBeNull();
    expect((await call(t, 'GET', '/api/user', { token: session.access_token })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(fields.username!, fields.password!) })).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/user/${id}`, { token: admin() })).status).toBe(404);
    expect((await sendForm(t, 'POST', `/api/user/${id}`, admin(), fields)).status).toBe(404);
  });

  it('refuses deleting oneself', async () => {
    const reply = await call(t, 'DELETE', `/api/user/${cast.userIds.admin}`, { token: admin() });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(USER_MESSAGES.ownDelete);
  });
});

describe('API description', () => {
  it('documents the form-data bodies of the users calls', async () => {
    const doc = (await call(t, 'GET', '/api/openapi.json')).body;
    for (const [path, field] of [
      ['/api/user', 'username'],
      ['/api/user/{id}', 'username'],
      ['/api/user/profile', 'old_password'],
      ['/api/user-customers', 'customer_id'],
    ] as const) {
      const properties = doc.paths[path].post.requestBody.content['multipart/form-data'].schema.properties;
      expect(Object.keys(properties), path).toContain(field);
      if (path !== '/api/user-customers') expect(properties.image.format).toBe('binary');
    }
  });
});

describe('permissions', () => {
  const CALLERS: Caller[] = ['anonymous', 'noModule', 'technician', 'office', 'admin', 'customer'];
  const withModule = { anonymous: 401, noModule: 403, technician: 403, office: 200, admin: 200, customer: 403 };

  it.each(CALLERS)('the users calls as %s', async (caller) => {
    const token = cast.tokens[caller];
    const expected = withModule[caller as keyof typeof withModule];
    const target = (await sendForm(t, 'POST', '/api/user', admin(), newUser())).body.user;
    expect((await call(t, 'GET', '/api/user/all/0/10', { token })).status).toBe(expected);
    expect((await call(t, 'GET', `/api/user/${target.id}`, { token })).status).toBe(expected);
    const created = await sendForm(t, 'POST', '/api/user', token, newUser());
    expect(created.status).toBe(expected === 200 ? 201 : expected);
    expect((await sendForm(t, 'POST', `/api/user/${target.id}`, token, { name: 'X', username: target.username, email: target.email })).status).toBe(
      expected,
    );
    expect((await call(t, 'DELETE', `/api/user/${target.id}`, { token })).status).toBe(expected);
  });

  it('office users with the module cannot create, change or delete administrators', async () => {
    const office = cast.tokens.office!;
    const makeAdmin = await sendForm(t, 'POST', '/api/user', office, newUser({ user_type_id: '1' }));
    expect(makeAdmin.status).toBe(403);
    expect(makeAdmin.body.message).toBe(USER_MESSAGES.adminsOnly);
    const adminUser = (await call(t, 'GET', `/api/user/${cast.userIds.admin}`, { token: office })).body;
    const edit = await sendForm(t, 'POST', `/api/user/${cast.userIds.admin}`, office, {
      name: 'Tomado',
      username: adminUser.username,
      email: adminUser.email,
    });
    expect(edit.status).toBe(403);
    expect((await call(t, 'DELETE', `/api/user/${cast.userIds.admin}`, { token: office })).status).toBe(403);
    const promote = await sendForm(t, 'POST', `/api/user/${cast.userIds.technician}`, office, {
      name: 'Técnico',
      username: 'tecnico',
      email: 'tecnico@empresa.com.br',
      user_type_id: '1',
    });
    expect(promote.status).toBe(403);
  });

  it('nobody changes their own type or department through the users calls', async () => {
    const office = cast.tokens.office!;
    const me = (await call(t, 'GET', '/api/user', { token: office })).body;
    const reply = await sendForm(t, 'POST', `/api/user/${me.id}`, office, {
      name: me.name,
      username: me.username,
      email: me.email,
      role_id: String(await roleId('cliente')),
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(USER_MESSAGES.ownAccess);
    // Their other fields they may change there.
    const same = await sendForm(t, 'POST', `/api/user/${me.id}`, office, {
      name: me.name,
      username: me.username,
      email: me.email,
      position: 'Gerente',
    });
    expect(same.status).toBe(200);
  });
});
