/**
 * Sign-in and sessions over real HTTP: password grant by username or
 * e-mail, refresh rotation, reuse detection, the lost-answer retry grace,
 * sign-out and access token expiry. The sign-in protections (delays,
 * address limit, device cookies) are in sign-in-protection.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, tokenResponseSchema } from '@sync/contract/auth';
import { currentUserSchema } from '@sync/contract/user';
import { REFRESH_RETRY_GRACE_MS } from '@server/auth/sessions';
import { insertUser } from '@server/db/demo/records';
import { HTTP_MESSAGES } from '@server/http/messages';
import { ADMIN, call, passwordGrant, refreshGrant, signIn, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const TECH = { username: 'Tecnico.Campo', email: 'Tecnico@Empresa.com.br', password: 'tecnico-senha-1' };

beforeAll(async () => {
  t = await startTestApp();
  await insertUser(t.db, { name: 'Técnico', roleSlug: 'tecnico-de-campo', ...TECH });
});
afterAll(() => t.close());

const me = (token: string) => call(t, 'GET', '/api/user', { token });

describe('password grant', () => {
  it.each([
    ['username', ADMIN.username, ADMIN.password, ADMIN.username],
    ['e-mail', ADMIN.email, ADMIN.password, ADMIN.username],
    ['username in other case', TECH.username.toUpperCase(), TECH.password, TECH.username],
    ['e-mail in other case', TECH.email.toLowerCase(), TECH.password, TECH.username],
  ])('signs in with the %s', async (_what, login, password, expectedUsername) => {
    const reply = await call(t, 'POST', '/oauth/token', { json: passwordGrant(login, password) });
    expect(reply.status).toBe(200);
    const tokens = tokenResponseSchema.parse(reply.body);
    expect(tokens.expires_in).toBe(900);
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const user = await me(tokens.access_token);
    expect(user.status).toBe(200);
    expect(currentUserSchema.parse(user.body).username).toBe(expectedUsername);
  });

  it.each([
    ['wrong password', ADMIN.username, 'not-the-password'],
    ['unknown user', 'ninguem', ADMIN.password],
    ['e-mail with the other user password', TECH.email, ADMIN.password],
  ])('refuses a %s with 401 and the spec message', async (_what, username, password) => {
    const reply = await call(t, 'POST', '/oauth/token', { json: passwordGrant(username, password) });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
  });

  it('refuses an unknown client_id and accepts any client_secret', async () => {
    const wrongClient = await call(t, 'POST', '/oauth/token', { json: { ...passwordGrant(ADMIN.username, ADMIN.password), client_id: 'x' } });
    expect(wrongClient.status).toBe(401);
    expect(wrongClient.body.message).toBe(AUTH_MESSAGES.invalidClient);
    const anySecret = await call(t, 'POST', '/oauth/token', {
      json: { ...passwordGrant(ADMIN.username, ADMIN.password), client_secret: 'whatever' },
    });
    expect(anySecret.status).toBe(200);
  });

  it('accepts a form-encoded body, as OAuth2 clients send by default', async () => {
    const form = new URLSearchParams(passwordGrant(ADMIN.username, ADMIN.password) as Record<string, string>);
    const reply = await call(t, 'POST', '/oauth/token', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.status).toBe(200);
  });

  it('answers 400 in Portuguese when fields are missing', async () => {
    const reply = await call(t, 'POST', '/oauth/token', { json: { grant_type: 'password', client_id: 'pwa' } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.username).toEqual(['Campo obrigatório.']);
    expect(reply.body.errors.password).toEqual(['Campo obrigatório.']);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old access token stays valid until it expires', async () => {
    const first = await signIn(t, ADMIN.username, ADMIN.password);
    const reply = await call(t, 'POST', '/oauth/token', { json: refreshGrant(first.refresh_token) });
    expect(reply.status).toBe(200);
    const second = tokenResponseSchema.parse(reply.body);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await me(second.access_token)).status).toBe(200);
    expect((await me(first.access_token)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const r1 = await signIn(t, ADMIN.username, ADMIN.password);
    const r2 = (await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) })).body;
    const r3 = (await call(t, 'POST', '/oauth/token', { json: refreshGrant(r2.refresh_token) })).body;
    expect((await me(r3.access_token)).status).toBe(200);

    // r1 leaked and is replayed: refused, and the session dies.
    const replay = await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(HTTP_MESSAGES.sessionExpired);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(r3.refresh_token) })).status).toBe(401);
    expect((await me(r3.access_token)).status).toBe(401);

    // Other sessions of the same user are untouched.
    const other = await signIn(t, ADMIN.username, ADMIN.password);
    expect((await me(other.access_token)).status).toBe(200);
  });

  it('lets a client retry a refresh whose answer was lost, within the grace window', async () => {
    const r1 = await signIn(t, ADMIN.username, ADMIN.password);
    const lost = (await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) })).body;
    t.clock.advance(REFRESH_RETRY_GRACE_MS - 1000);
    const retry = await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) });
    expect(retry.status).toBe(200);
    // The answer that never arrived is dead; presenting it counts as reuse.
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(retry.body.refresh_token) })).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(lost.refresh_token) })).status).toBe(401);
  });

  it('treats a replay after the grace window as reuse', async () => {
    const r1 = await signIn(t, ADMIN.username, ADMIN.password);
    const r2 = (await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) })).body;
    t.clock.advance(REFRESH_RETRY_GRACE_MS + 1000);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(r1.refresh_token) })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(r2.refresh_token) })).status).toBe(401);
  });

  it('refuses an unknown refresh token and an expired one', async () => {
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant('not-a-token') })).status).toBe(401);
    const tokens = await signIn(t, ADMIN.username, ADMIN.password);
    t.clock.advance(t.config.refreshTokenTtlSeconds * 1000 + 1);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(tokens.refresh_token) })).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('expire after ACCESS_TOKEN_TTL, and a refresh brings access back', async () => {
    const tokens = await signIn(t, ADMIN.username, ADMIN.password);
    t.clock.advance(899_000);
    expect((await me(tokens.access_token)).status).toBe(200);
    t.clock.advance(2_000);
    const expired = await me(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: HTTP_MESSAGES.sessionExpired });
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
    const renewed = (await call(t, 'POST', '/oauth/token', { json: refreshGrant(tokens.refresh_token) })).body;
    expect((await me(renewed.access_token)).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'abc'],
    ['a tampered signature', 'tampered'],
  ])('refuses %s with 401', async (_what, kind) => {
    let token: string | undefined = kind;
    if (kind === 'tampered') {
      const real = (await signIn(t, ADMIN.username, ADMIN.password)).access_token;
      token = `${real.slice(0, -4)}AAAA`;
    }
    const reply = await me(token as string);
    expect(reply.status).toBe(401);
    expect(typeof reply.body.message).toBe('string');
  });
});

describe('sign-out', () => {
  it('revokes the session: refresh token and access token stop working', async () => {
    const tokens = await signIn(t, ADMIN.username, ADMIN.password);
    const out = await call(t, 'POST', '/oauth/revoke', { json: { token: tokens.refresh_token } });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(AUTH_MESSAGES.signedOut);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(tokens.refresh_token) })).status).toBe(401);
    expect((await me(tokens.access_token)).status).toBe(401);
  });

  it('also accepts the access token, and answers 200 for unknown tokens', async () => {
    const tokens = await signIn(t, ADMIN.username, ADMIN.password);
    expect((await call(t, 'POST', '/oauth/revoke', { json: { token: tokens.access_token } })).status).toBe(200);
    expect((await call(t, 'POST', '/oauth/token', { json: refreshGrant(tokens.refresh_token) })).status).toBe(401);
    expect((await call(t, 'POST', '/oauth/revoke', { json: { token: 'unknown' } })).status).toBe(200);
  });
});
