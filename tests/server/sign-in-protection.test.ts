/**
 * Sign-in protections over real HTTP with the manual clock and several
 * requesting addresses (TRUST_PROXY with X-Forwarded-For): guessing slows
 * down per account whatever addresses it comes from, an address that fails
 * too often is refused, and the owner is never shut out: not from a browser
 * where they signed in before (device cookie), and from a new one for at
 * most the current delay.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sync/contract/auth';
import { DEVICE_COOKIE_PREFIX } from '@server/auth/device-trust';
import { ACCOUNT_FORGET_AFTER_MS, ADDRESS_FAILURES, DEVICE_FAILURES } from '@server/auth/sign-in-guard';
import { insertUser } from '@server/db/demo/records';
import { passwordResets } from '@server/db/schema';
import { sha256Hex } from '@server/lib/crypto';
import { call, passwordGrant, startTestApp, type Reply, type TestApp } from './helpers/test-app';

let t: TestApp;
let userCount = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
// The address windows (15 minutes) are behind every test.
beforeEach(() => t.clock.advance(16 * 60_000));

/** A fresh account per test, so tests do not share failures. */
async function newUser() {
  userCount += 1;
  const user = { username: `pessoa${userCount}`, email: `pessoa${userCount}@empresa.com.br`, password: `senha-certa-${userCount}` };
  const id = await insertUser(t.db, { name: `Pessoa ${userCount}`, roleSlug: 'tecnico-de-campo', ...user });
  return { id, ...user };
}

function attempt(login: string, password: string, from: string, cookie?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': from };
  if (cookie) headers.cookie = cookie;
  return call(t, 'POST', '/oauth/token', { json: passwordGrant(login, password), headers });
}

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookieOf(reply: Reply): string {
  const header = reply.headers.get('set-cookie');
  if (!header) throw new Error('no device cookie');
  return header.split(';')[0]!;
}

const retryAfter = (reply: Reply) => Number(reply.headers.get('retry-after'));

describe('per account, across addresses', () => {
  it('lets 5 failures through, then makes each guess wait twice as long, whatever the address', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) expect((await attempt(user.username, 'errada', `203.0.113.${i}`)).status).toBe(401);

    // Delay after the n-th failure: 1 s, 2 s, 4 s ... from the last failure, from any address.
    for (const [failures, seconds] of [
      [5, 1],
      [6, 2],
      [7, 4],
      [8, 8],
      [9, 16],
    ] as const) {
      const early = await attempt(user.username, 'errada', `198.51.100.${failures}`);
      expect(early.status, `after ${failures} failures`).toBe(429);
      expect(retryAfter(early)).toBe(seconds);
      expect(early.body.message).toBe(`Muitas tentativas de acesso. Tente novamente em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`);
      t.clock.advance(seconds * 1000 - 1);
      expect((await attempt(user.username, 'errada', `198.51.100.${100 + failures}`)).status).toBe(429);
      t.clock.advance(1);
      expect((await attempt(user.username, 'errada', `198.51.100.${200 + failures}`)).status).toBe(401);
    }
  });

  it("stops the issue's attack: 30 guesses from 6 addresses, then the right password from a 7th is held back too", async () => {
    const user = await newUser();
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await attempt(user.username, `palpite-${i}`, `203.0.113.${10 + (i % 6)}`)).status);
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(25);
    const seventh = await attempt(user.username, user.password, '203.0.113.99');
    expect(seventh.status).toBe(429);
  });

  it('caps the delay at 15 minutes, so an owner on a new device waits at most that, then signs in', async () => {
    const user = await newUser();
    // Failures spread over time, as a patient attacker would: each one as soon as allowed.
    for (let i = 0; i < 20; i++) {
      const reply = await attempt(user.username, 'errada', `203.0.113.${30 + i}`);
      if (reply.status === 429) {
        expect(retryAfter(reply)).toBeLessThanOrEqual(900);
        t.clock.advance(retryAfter(reply) * 1000);
        expect((await attempt(user.username, 'errada', `203.0.113.${30 + i}`)).status).toBe(401);
      }
    }
    const owner = await attempt(user.email, user.password, '192.0.2.1');
    expect(owner.status).toBe(429);
    expect(retryAfter(owner)).toBe(900);
    expect(owner.body.message).toBe('Muitas tentativas de acesso. Tente novamente em 15 minutos.');
    t.clock.advance(900_000);
    expect((await attempt(user.email, user.password, '192.0.2.1')).status).toBe(200);
  });

  it('counts the username and the e-mail of one account together', async () => {
    const user = await newUser();
    for (const login of [user.username, user.email, user.username.toUpperCase(), user.email, user.username]) {
      expect((await attempt(login, 'errada', '203.0.113.60')).status).toBe(401);
    }
    expect((await attempt(user.email, 'errada', '203.0.113.61')).status).toBe(429);
  });

  it('treats a login that names nobody exactly like one that does', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ninguem-aqui', 'errada', `203.0.113.${70 + i}`)).status).toBe(401);
    const reply = await attempt('ninguem-aqui', 'errada', '203.0.113.80');
    expect(reply.status).toBe(429);
    expect(retryAfter(reply)).toBe(1);
  });

  it('forgets failures after a successful sign-in, and after 24 hours', async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i++) expect((await attempt(user.username, 'errada', '203.0.113.90')).status).toBe(401);
    expect((await attempt(user.username, user.password, '203.0.113.91')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(user.username, 'errada', '203.0.113.90')).status).toBe(401);
    expect((await attempt(user.username, 'errada', '203.0.113.90')).status).toBe(429);
    t.clock.advance(ACCOUNT_FORGET_AFTER_MS);
    for (let i = 0; i < 5; i++) expect((await attempt(user.username, 'errada', '203.0.113.90')).status).toBe(401);
  });
});

describe('per requesting address', () => {
  it(`refuses an address after ${ADDRESS_FAILURES} failures in 15 minutes, whatever the accounts, and only that address`, async () => {
    const owner = await newUser();
    const trusted = deviceCookieOf(await attempt(owner.username, owner.password, '203.0.113.200'));
    for (let i = 0; i < ADDRESS_FAILURES; i++) {
      expect((await attempt(`alvo-${i}`, 'errada', '203.0.113.200')).status).toBe(401);
    }
    const blocked = await attempt(owner.username, owner.password, '203.0.113.200');
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBe(900);
    // The owner's own browser behind that shared address still signs in; so does anyone elsewhere.
    expect((await attempt(owner.username, owner.password, '203.0.113.200', trusted)).status).toBe(200);
    expect((await attempt(owner.username, owner.password, '203.0.113.201')).status).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await attempt(owner.username, owner.password, '203.0.113.200')).status).toBe(200);
  });
});

describe('trusted devices (device cookie)', () => {
  it('sets an HttpOnly cookie for /oauth/token only, on a successful password grant', async () => {
    const user = await newUser();
    const failed = await attempt(user.username, 'errada', '192.0.2.50');
    expect(failed.headers.get('set-cookie')).toBeNull();
    const ok = await attempt(user.username, user.password, '192.0.2.50');
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE_PREFIX}${user.id}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; `));
    expect(cookie).toContain('Path=/oauth/token');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // Signing in again from the same browser keeps its device id.
    const again = await attempt(user.username, user.password, '192.0.2.51', deviceCookieOf(ok));
    expect(deviceCookieOf(again)).toBe(deviceCookieOf(ok));
  });

  it('lets the owner sign in from a browser used before while a stranger keeps the account delayed', async () => {
    const user = await newUser();
    const cookie = deviceCookieOf(await attempt(user.username, user.password, '192.0.2.60'));
    for (let i = 0; i < 12; i++) await attempt(user.username, 'errada', `203.0.113.${120 + i}`);
    expect((await attempt(user.username, user.password, '192.0.2.61')).status).toBe(429);
    // From the known browser, at any address: the right password is let in at once...
    const owner = await attempt(user.username, user.password, '192.0.2.62', cookie);
    expect(owner.status).toBe(200);
    // ...and a successful sign-in clears the account's failures (whoever knows the password is here).
    expect((await attempt(user.username, 'errada', '203.0.113.140')).status).toBe(401);
  });

  it.each([
    ['no cookie', () => ''],
    ['a forged signature', (c: string) => c.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')],
    ["another user's cookie", (c: string) => c],
  ])('does not trust %s', async (what, cookieFrom) => {
    const user = await newUser();
    const other = await newUser();
    const signedIn = what === "another user's cookie" ? other : user;
    const real = deviceCookieOf(await attempt(signedIn.username, signedIn.password, '192.0.2.70'));
    // Another user's cookie, renamed to this user's name, must not pass either.
    const cookie = cookieFrom(real).replace(`${DEVICE_COOKIE_PREFIX}${other.id}=`, `${DEVICE_COOKIE_PREFIX}${user.id}=`);
    for (let i = 0; i < 5; i++) await attempt(user.username, 'errada', `203.0.113.${150 + i}`);
    const reply = await attempt(user.username, user.password, '192.0.2.71', cookie || undefined);
    expect(reply.status).toBe(429);
  });

  it(`limits a trusted device's own failures to ${DEVICE_FAILURES} per 15 minutes, then applies the usual rules`, async () => {
    const user = await newUser();
    const cookie = deviceCookieOf(await attempt(user.username, user.password, '192.0.2.80'));
    for (let i = 0; i < DEVICE_FAILURES; i++) {
      const reply = await attempt(user.username, 'errada', '192.0.2.80', cookie);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
    }
    // The device's failures did not slow the account down for anyone...
    expect((await attempt(user.username, 'errada', '203.0.113.170')).status).toBe(401);
    // ...and past its own limit the device is an unknown one: 5 free failures for the account, then delays.
    for (let i = 0; i < 4; i++) expect((await attempt(user.username, 'errada', '192.0.2.80', cookie)).status).toBe(401);
    expect((await attempt(user.username, user.password, '192.0.2.80', cookie)).status).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await attempt(user.username, user.password, '192.0.2.80', cookie)).status).toBe(200);
  });

  it('trusts the browser that reset the password through the e-mailed link, so a new device is never held back', async () => {
    const user = await newUser();
    for (let i = 0; i < 20; i++) {
      const reply = await attempt(user.username, 'errada', `203.0.113.${200 + (i % 50)}`);
      if (reply.status === 429) {
        t.clock.advance(retryAfter(reply) * 1000);
        await attempt(user.username, 'errada', '203.0.113.250');
      }
    }
    expect((await attempt(user.username, user.password, '192.0.2.90')).status).toBe(429);

    // The owner, on a new browser, asks for a link and opens it (the token is read from the table:
    // the e-mail itself is password-recovery.test.ts's business).
    const asked = await call(t, 'POST', '/api/password/create', { json: { email: user.email }, headers: { 'x-forwarded-for': '192.0.2.90' } });
    expect(asked.status).toBe(200);
    const token = 'token-do-teste-de-confianca-0123456789abcdef';
    await t.db
      .update(passwordResets)
      .set({ token_hash: sha256Hex(token) })
      .where(and(eq(passwordResets.user_id, user.id), isNull(passwordResets.used_at)));
    const reset = await call(t, 'POST', '/api/password/reset', {
      json: { email: user.email, token, password: 'senha-nova-forte-1', password_confirmation: 'senha-nova-forte-1' },
      headers: { 'x-forwarded-for': '192.0.2.90' },
    });
    expect(reset.status).toBe(200);
    const cookie = deviceCookieOf(reset);
    expect(cookie.startsWith(`${DEVICE_COOKIE_PREFIX}${user.id}=`)).toBe(true);

    // The delay still holds for everyone else, not for that browser.
    expect((await attempt(user.username, 'senha-nova-forte-1', '192.0.2.91')).status).toBe(429);
    expect((await attempt(user.username, 'senha-nova-forte-1', '192.0.2.90', cookie)).status).toBe(200);
  });
});
