/**
 * Password recovery end to end: the app sends the e-mail through a real
 * SMTP server on loopback; the test reads the link from the received
 * message, checks it, resets the password and signs in with the new one.
 * The limits are checked with the manual clock and several requesting
 * addresses (TRUST_PROXY with X-Forwarded-For): a stranger can neither block
 * nor flood someone else's recovery.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sync/contract/auth';
import { RESET_TOKEN_TTL_MINUTES } from '@server/auth/password-recovery-routes';
import { insertUser } from '@server/db/demo/records';
import { createFileMailer, createSmtpMailer } from '@server/mail/mailer';
import { call, passwordGrant, refreshGrant, signIn, startTestApp, type TestApp } from './helpers/test-app';
import { header, plainText, startSmtpServer } from './helpers/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const USER = { name: 'Ana Técnica', username: 'ana', email: 'ana@empresa.com.br', password: 'senha-antiga-1' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>'), env: { TRUST_PROXY: 'true' } });
  await insertUser(t.db, { ...USER, roleSlug: 'tecnico-de-campo' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Every test starts with the limits' windows (15 and 30 minutes) behind it.
beforeEach(() => t.clock.advance(31 * 60_000));

/** POST api/password/create from a given requesting address. */
const askFrom = (address: string, email: string) =>
  call(t, 'POST', '/api/password/create', { json: { email }, headers: { 'x-forwarded-for': address } });

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

  it('keeps earlier links working until one is used, and expires each after 60 minutes', async () => {
    const count = smtp.received.length;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const first = linkIn((await smtp.waitFor(count + 1)).raw).token;
    t.clock.advance(10 * 60_000);
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const second = linkIn((await smtp.waitFor(count + 2)).raw).token;
    expect((await call(t, 'GET', `/api/password/find/${first}`)).status).toBe(200);
    expect((await call(t, 'GET', `/api/password/find/${second}`)).status).toBe(200);

    t.clock.advance(RESET_TOKEN_TTL_MINUTES * 60_000 - 10 * 60_000 + 1);
    const expired = await call(t, 'GET', `/api/password/find/${first}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
    expect((await call(t, 'GET', `/api/password/find/${second}`)).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await call(t, 'GET', `/api/password/find/${second}`)).status).toBe(404);
  });

  it('spends every link of the user when one of them resets the password', async () => {
    const count = smtp.received.length;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const first = linkIn((await smtp.waitFor(count + 1)).raw).token;
    await call(t, 'POST', '/api/password/create', { json: { email: USER.email } });
    const second = linkIn((await smtp.waitFor(count + 2)).raw).token;
    const reset = await call(t, 'POST', '/api/password/reset', {
      json: { email: USER.email, token: second, password: 'senha-nova-55', password_confirmation: 'senha-nova-55' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t, 'GET', `/api/password/find/${first}`)).status).toBe(404);
    const late = await call(t, 'POST', '/api/password/reset', {
      json: { email: USER.email, token: first, password: 'senha-do-intruso', password_confirmation: 'senha-do-intruso' },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
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

  it('limits requests per requesting address (5 per 15 minutes), and only that address', async () => {
    for (let i = 0; i < 5; i++) expect((await askFrom('203.0.113.7', `x${i}@empresa.com.br`)).status).toBe(200);
    const blocked = await askFrom('203.0.113.7', 'x9@empresa.com.br');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(blocked.body.message).toBe('Muitos pedidos de redefinição de senha. Tente novamente em 15 minutos.');

    // Someone else, anywhere else, is not affected; the blocked address is again after the window.
    expect((await askFrom('198.51.100.20', 'x9@empresa.com.br')).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await askFrom('203.0.113.7', 'x9@empresa.com.br')).status).toBe(200);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    for (let i = 1; i <= 5; i++) expect((await askFrom(`2001:db8:7:7::${i}`, `v6-${i}@empresa.com.br`)).status).toBe(200);
    expect((await askFrom('2001:db8:7:7:ffff:1:2:3', 'v6-9@empresa.com.br')).status).toBe(429);
    expect((await askFrom('2001:db8:7:8::1', 'v6-9@empresa.com.br')).status).toBe(200);
  });

  it("never lets a stranger block or flood someone else's recovery", async () => {
    const count = smtp.received.length;
    // A stranger asks for Ana's e-mail 12 times from 6 addresses: every answer is the usual one...
    for (let i = 0; i < 12; i++) {
      const reply = await askFrom(`203.0.113.${100 + (i % 6)}`, USER.email);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    }
    // ...but only 3 e-mails reach her (per e-mail, 3 per 30 minutes).
    await smtp.waitFor(count + 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(count + 3);

    // Ana asks from her own address: answered as usual, and the newest link in her mailbox works
    // for at least 30 more minutes (no request took it away).
    t.clock.advance(5 * 60_000);
    const own = await askFrom('192.0.2.10', USER.email);
    expect(own.status).toBe(200);
    const { token } = linkIn(smtp.received[count + 2]!.raw);
    t.clock.advance(30 * 60_000 - 1);
    expect((await call(t, 'GET', `/api/password/find/${token}`)).status).toBe(200);

    // Once the 30 minutes pass, her own request sends a new link again.
    t.clock.advance(2);
    expect((await askFrom('192.0.2.10', USER.email)).status).toBe(200);
    const fresh = linkIn((await smtp.waitFor(count + 4)).raw).token;
    const reset = await call(t, 'POST', '/api/password/reset', {
      json: { email: USER.email, token: fresh, password: 'senha-da-ana-2', password_confirmation: 'senha-da-ana-2' },
    });
    expect(reset.status).toBe(200);
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
