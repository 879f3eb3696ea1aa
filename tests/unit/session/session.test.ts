/**
 * @vitest-environment jsdom
 *
 * The session against a real HTTP server on loopback: sign-in, sign-out,
 * single-flight refresh, and the rule that only a refused refresh ends a
 * session while a network failure never does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, readIdentityCookie, SESSION_STORAGE_KEYS, USER_FRESH_MS, type Session } from '@sync/session';
import { ApiRequestError } from '@sync/http';
import { makeUser } from './user-factory';
import { PASSWORD, startLoopbackAuthServer, type LoopbackAuthServer } from './loopback-auth-server';

let server: LoopbackAuthServer;
let clock: number;
let session: Session;

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'ho_user_id=; Max-Age=0; Path=/';
  server = await startLoopbackAuthServer();
  clock = Date.parse('2026-11-21T12:00:00Z');
  session = createSession({ baseUrl: server.baseUrl, now: () => clock });
});

afterEach(async () => {
  await server.close();
});

describe('signIn', () => {
  it('stores tokens, user and the identity cookie', async () => {
    const result = await session.signIn('maria', PASSWORD);

    expect(result.user.name).toBe('Maria Técnica');
    expect(result.customers).toEqual([]);
    expect(session.getState()).toMatchObject({ user: { id: 7 }, hasTokens: true, endReason: null });
    expect(session.getState().accessTokenExpiresAt).toBe(clock + 900_000);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.user)!)).toMatchObject({ id: 7 });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)!)).toMatchObject({ refreshToken: 'refresh-1' });
    expect(readIdentityCookie()).toBe(7);
    // A general user's customer list is not requested.
    expect(server.count('GET /api/user-customers')).toBe(0);
  });

  it('loads the customer links of a customer-type user', async () => {
    server.user = makeUser({}, 'cliente');
    server.customers = [
      { user_id: 7, customer_id: 4, customer: { id: 4, name: 'Metalúrgica Sul' } },
      { user_id: 7, customer_id: 9, customer: { id: 9, name: 'Química Norte' } },
    ];
    const result = await session.signIn('maria', PASSWORD);
    expect(result.customers?.map((c) => c.customer_id)).toEqual([4, 9]);
    expect(session.getState().customers).toHaveLength(2);
  });

  it('fails with the server message and leaves no session on a wrong password', async () => {
    const error = await session.signIn('maria', 'errada').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'E-mail e/ou senha estão incorretos.' });
    expect(session.getState()).toMatchObject({ user: null, hasTokens: false });
    expect(readIdentityCookie()).toBeNull();
  });

  it('ends the existing session (revoking its refresh token) before signing in again', async () => {
    await session.signIn('maria', PASSWORD);
    await session.signIn('maria', PASSWORD);
    await waitFor(() => server.revoked.length === 1);
    expect(server.revoked).toEqual(['refresh-1']);
    expect(session.getAccessToken()).toBe('access-2');
  });
});

describe('signOut', () => {
  it('revokes the refresh token and clears tokens, user and cookie', async () => {
    await session.signIn('maria', PASSWORD);
    await session.signOut();
    expect(server.revoked).toEqual(['refresh-1']);
    expect(session.getState()).toMatchObject({ user: null, hasTokens: false, endReason: 'signed-out' });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(readIdentityCookie()).toBeNull();
  });

  it('completes offline', async () => {
    await session.signIn('maria', PASSWORD);
    await server.close();
    await expect(session.signOut()).resolves.toBeUndefined();
    expect(session.getState().user).toBeNull();
  });
});

describe('refreshTokens', () => {
  it('shares one refresh between concurrent callers', async () => {
    await session.signIn('maria', PASSWORD);
    server.refreshDelayMs = 50;
    const [a, b, c] = await Promise.all([session.refreshTokens(), session.refreshTokens(), session.refreshTokens()]);
    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
    expect(new Set([a, b, c])).toEqual(new Set(['access-2']));
    expect(session.getAccessToken()).toBe('access-2');
  });

  it('keeps the session when the server cannot be reached', async () => {
    await session.signIn('maria', PASSWORD);
    await server.close();
    clock += 3 * 86_400_000; // three days offline

    const error = await session.refreshTokens().catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'network' });
    expect(session.getState()).toMatchObject({ user: { id: 7 }, hasTokens: true, endReason: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)).not.toBeNull();
    expect(readIdentityCookie()).toBe(7);
  });

  it('ends the session as expired when the server refuses the refresh token', async () => {
    await session.signIn('maria', PASSWORD);
    server.refuseRefresh = true;

    const error = await session.refreshTokens().catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'session-expired' });
    expect(session.getState()).toMatchObject({ user: null, hasTokens: false, endReason: 'expired' });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(readIdentityCookie()).toBeNull();
  });

  it('adopts tokens another tab refreshed instead of spending the rotated refresh token', async () => {
    await session.signIn('maria', PASSWORD);
    const otherTab = createSession({ baseUrl: server.baseUrl, now: () => clock });
    await otherTab.refreshTokens(); // rotates refresh-1 into refresh-2

    const token = await session.refreshTokens();

    expect(token).toBe('access-2');
    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
    expect(session.getState().hasTokens).toBe(true);
  });

  it("never writes a stale copy of another tab's rotated tokens back", async () => {
    await session.signIn('maria', PASSWORD);
    const otherTab = createSession({ baseUrl: server.baseUrl, now: () => clock });
    await otherTab.refreshTokens(); // storage now holds refresh-2; this tab still remembers refresh-1

    session.setUser(makeUser({ name: 'Maria Atualizada' }));

    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)!)).toMatchObject({ refreshToken: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.user)!)).toMatchObject({ name: 'Maria Atualizada' });
    clock += 901_000;
    await expect(session.refreshTokens()).resolves.toBe('access-3');
    expect(session.getState().endReason).toBeNull();
  });

  it('notifies subscribers of each change', async () => {
    const seen: Array<number | null> = [];
    session.subscribe((state) => seen.push(state.user?.id ?? null));
    await session.signIn('maria', PASSWORD);
    await session.signOut();
    // sign-in starts by ending the (empty) previous session
    expect(seen).toEqual([null, 7, null]);
  });
});

describe('the user a sign-in has just read is not read again (the re-reads skip it)', () => {
  it.each([
    { case: 'right after the sign-in', steps: [], recently: true },
    { case: 'just under the window after the sign-in', steps: [USER_FRESH_MS - 1], recently: true },
    { case: 'once the window has passed', steps: [USER_FRESH_MS], recently: false },
    { case: 'a re-read does not reopen the window', steps: [USER_FRESH_MS, 'read'], recently: false },
    { case: 'after a sign-out', steps: ['sign-out'], recently: false },
    { case: 'in a tab opened on the stored session', steps: ['reopen'], recently: false },
  ] as const)('$case: $recently', async ({ steps, recently }) => {
    await session.signIn('maria', PASSWORD);
    let current = session;
    for (const step of steps) {
      if (typeof step === 'number') clock += step;
      else if (step === 'read') current.setUser(current.getState().user!);
      else if (step === 'sign-out') await current.signOut();
      else current = createSession({ baseUrl: server.baseUrl, now: () => clock });
    }
    expect(current.signedInRecently()).toBe(recently);
  });

  it('announces a re-read user only when it changed', async () => {
    await session.signIn('maria', PASSWORD);
    const seen: string[] = [];
    session.subscribe((state) => seen.push(state.user!.name));
    session.setUser({ ...session.getState().user! });
    session.setUser(makeUser({ name: 'Maria Atualizada' }));
    expect(seen).toEqual(['Maria Atualizada']);
  });
});

describe('a session stored by an earlier visit', () => {
  it('is available at once, with no network call', async () => {
    await session.signIn('maria', PASSWORD);
    const before = server.calls.length;
    await server.close();

    const reopened = createSession({ baseUrl: server.baseUrl, now: () => clock });

    expect(reopened.getState()).toMatchObject({ user: { name: 'Maria Técnica' }, hasTokens: true });
    expect(server.calls.length).toBe(before);
  });

  it('reads corrupt storage as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.user, '{not json');
    localStorage.setItem(SESSION_STORAGE_KEYS.tokens, JSON.stringify({ accessToken: 1 }));
    expect(createSession({ baseUrl: server.baseUrl }).getState()).toMatchObject({ user: null, hasTokens: false });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
