/**
 * Password recovery end to end: the app sends the e-mail through a real
 * SMTP server on loopback; the test reads the link from the received
 * message, checks it, resets the password and signs in with the new one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../sync/contract/auth';
import { RESET_TOKEN_TTL_MINUTES } from '../../server/auth/password-recovery-routes';
import { insertUser } from '../../server/db/demo/records';
import { createFileMailer, createSmtpMailer } from '../../server/mail/mailer';
import { call, passwordGrant, refreshGrant, signIn, startTestApp, type TestApp } from './helpers/test-app';
import { header, plainText, startSmtpServer } from './helpers/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const USER = { name: 'Ana Técnica', username: 'ana', email: 'ana@empresa.com.br', password: 'senha-antiga-1' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>') });
  await insertUser(t.db, { ...USER, roleSlug: 'tecnico-de-campo' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function linkIn(raw: string): { link: string; token: string } {
  const match = /(http:\/\/app\.test\/public\/recover-password\/([A-Za-z0-9_-]+))/.exec(plainText(raw));
  if (!match) throw new Error('no recovery link in the e-mail');
  return { link: match[1]!, token: match[2]! };
}

describe('password recovery through SMTP', () => {
  it('e-mails a link, checks it, resets the password and signs out old sessions', async () => {
    const before = await signIn(t, USER.username, USER.password);

    const asked = await call(t, 'POST', '/api/password/create', { json: { email: 'ANA@empresa.com.br' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: AUTH_MESSAGES.resetLinkSent });

    const mail = await smtp.waitFor(1);
    expect(mail.to).toEqual([USER.email]);
    expect(header(mail.raw, 'Subject')).toBe('=?UTF-8?Q?Redefini=C3=A7=C3=A3o_de_senha?=');
    const text = plainText(mail.raw);
    expect(text).toContain('Olá, Ana Técnica!');
    expect(text).toContain(`vale por ${RESET_TOKEN_TTL_MINUTES} minutos`);
    const { token } = linkIn(mail.raw);

    const found = await call(t, 'GET', `/api/password/find/${token}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ email: USER.email, token });

    const reset = await call(t, 'POST', '/api/password/reset', {
      json: { email: USER.email, token, password: 'senha-nova-123', password_confirmation: 'senha-nova-123' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: AUTH_MESSAGES.passwordChanged });

    // Old password out, new password in, old sessions revoked, link spent.
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(USER.username, USER.password) })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: passwordGrant(USER.username, 'senha-nova-123') })).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(before.refresh_token) })).status).toBe(401);
    expect((await call(t, 'GET', '/api/user', { token: before.access_token })).status).toBe(401);
    expect((await call(t, 'GET', `/api/password/find/${token}`)).status).toBe(404);
    const again = await call(t, 'POST', '/api/password/reset', {
      json: { email: USER.email, token, password: 'outra-senha-1', password_confirmation: 'outra-senha-1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const count = smtp.received.length;
    const reply = await call(t, 'POST', '/api/password/create', { json: { email: 'ninguem@empresa.com.br' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(count);
  });

  it.each([
    ['an empty e-mail', { email: '' }],
    ['a malformed e-mail', { email: 'ana-at-empresa' }],
    ['no e-mail at all', {}],
  ])('refuses %s with "E-mail é inválido"', async (_what, body) => {
    const reply = await call(t, 'POST', '/api/password/create', { json: body });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.email[0]).toMatch(/E-mail é inválido|Campo obrigatório/);
    if ('email' in body) expect(reply.body.message).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('expires the link after 60 minutes and keeps only the newest link', async () => {
    const count = smtp.received.length;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const first = linkIn((await smtp.waitFor(count + 1)).raw).token;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const second = linkIn((await smtp.waitFor(count + 2)).raw).token;
    expect((await call(t, 'GET', `/api/password/find/${first}`)).status).toBe(404);
    expect((await call(t, 'GET', `/api/password/find/${second}`)).status).toBe(200);

    t.clock.advance(RESET_TOKEN_TTL_MINUTES * 60_000 + 1);
    const expired = await call(t, 'GET', `/api/password/find/${second}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('validates the new password: confirmation, length, and the e-mail of the link', async () => {
    const count = smtp.received.length;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const { token } = linkIn((await smtp.waitFor(count + 1)).raw);
    const reset = (body: object) => call(t, 'POST', '/api/password/reset', { json: { email: USER.email, token, ...body } });

    const differ = await reset({ password: 'senha-nova-9', password_confirmation: 'senha-nova-8' });
    expect(differ.status).toBe(400);
    expect(differ.body.errors.password_confirmation).toEqual([AUTH_MESSAGES.passwordsDiffer]);

    const empty = await reset({ password: '', password_confirmation: '' });
    expect(empty.body.errors.password).toEqual([AUTH_MESSAGES.typeNewPassword]);

    const short = await reset({ password: 'curta', password_confirmation: 'curta' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(AUTH_MESSAGES.passwordTooShort);

    const otherEmail = await reset({ email: 'admin@empresa.com.br', password: 'senha-nova-9', password_confirmation: 'senha-nova-9' });
    expect(otherEmail.status).toBe(400);
    expect(otherEmail.body.message).toBe(AUTH_MESSAGES.invalidResetLink);

    // None of the refused attempts spent the link.
    expect((await reset({ password: 'senha-nova-9', password_confirmation: 'senha-nova-9' })).status).toBe(200);
  });

  it('limits reset e-mails per address and e-mail (5 per 15 minutes)', async () => {
    t.clock.advance(15 * 60_000 + 1);
    for (let i = 0; i < 5; i++) {
      expect((await call(t, 'POST', '/api/password/create', { json: { email: `x${i}@empresa.com.br` } })).status).toBe(200);
    }
    const blocked = await call(t, 'POST', '/api/password/create', { json: { email: 'x9@empresa.com.br' } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(blocked.body.message).toMatch(/^Muitos pedidos de redefinição de senha/);
    t.clock.advance(15 * 60_000 + 1);
  });
});

describe('without SMTP_URL', () => {
  it('writes the message as an .eml file under DATA_DIR/mail', async () => {
    const folder = join(t.config.dataDir, 'mail-file-test');
    const mailer = createFileMailer(folder, 'Higiene <nao-responda@empresa.com.br>');
    const receipt = await mailer.send({ to: 'ana@empresa.com.br', subject: 'Teste', text: 'Olá, mundo' });
    expect(receipt.file).toBeDefined();
    expect(readdirSync(folder)).toHaveLength(1);
    const raw = readFileSync(receipt.file!, 'utf8');
    expect(header(raw, 'To')).toBe('ana@empresa.com.br');
    expect(plainText(raw)).toContain('Olá, mundo');
  });
});
