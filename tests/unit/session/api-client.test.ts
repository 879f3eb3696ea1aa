/**
 * @vitest-environment jsdom
 *
 * The API client against a real loopback server: bearer header, 401 ->
 * one shared refresh -> retry, refresh of a token known to be expired,
 * 403 listeners, error bodies, the progress counter, and reconnection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSession, watchSessionEnvironment, type Session } from '@sync/session';
import { ApiRequestError, createApiClient, createRequestActivity, trackFetch, type ApiClient } from '@sync/http';
import { PASSWORD, startLoopbackAuthServer, type LoopbackAuthServer } from './loopback-auth-server';

const echoSchema = z.object({ ok: z.literal(true), authorization: z.string() });

let server: LoopbackAuthServer;
let clock: number;
let session: Session;
let api: ApiClient;

beforeEach(async () => {
  localStorage.clear();
  server = await startLoopbackAuthServer();
  clock = Date.parse('2026-11-21T12:00:00Z');
  session = createSession({ baseUrl: server.baseUrl, now: () => clock });
  api = createApiClient({ session, baseUrl: server.baseUrl });
  await session.signIn('maria', PASSWORD);
});

afterEach(async () => {
  await server.close();
});

describe('authenticated calls', () => {
  it('carry the bearer token', async () => {
    await expect(api.get('api/echo', echoSchema)).resolves.toEqual({ ok: true, authorization: 'Bearer access-1' });
  });

  it('refresh once and retry when two calls meet a 401 together', async () => {
    server.validAccessTokens.clear(); // the server no longer accepts access-1
    server.refreshDelayMs = 50;

    const [first, second] = await Promise.all([api.get('api/echo', echoSchema), api.get('api/echo', echoSchema)]);

    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
    expect(first.authorization).toBe('Bearer access-2');
    expect(second.authorization).toBe('Bearer access-2');
    expect(server.count('GET /api/echo')).toBe(4); // two 401s, two retries
  });

  it('refresh a token known to be expired before sending', async () => {
    clock += 901_000;
    const answer = await api.get('api/echo', echoSchema);
    expect(answer.authorization).toBe('Bearer access-2');
    expect(server.count('GET /api/echo')).toBe(1);
  });

  it('end the session when the refresh is refused', async () => {
    server.validAccessTokens.clear();
    server.refuseRefresh = true;

    const error = await api.get('api/echo', echoSchema).catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'session-expired' });
    expect(session.getState()).toMatchObject({ user: null, endReason: 'expired' });
  });

  it('keep the session when the refresh cannot reach the server', async () => {
    clock += 901_000;
    await server.close();

    const error = await api.get('api/echo', echoSchema).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(session.getState()).toMatchObject({ user: { id: 7 }, hasTokens: true, endReason: null });
  });
});

describe('errors', () => {
  it('carry the server message and the per-field messages', async () => {
    const error = await api.get('api/invalid', z.unknown()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      message: 'Dados inválidos',
      errors: { name: ['Nome é obrigatório'] },
    });
  });

  it('report a body that does not match the contract', async () => {
    const error = await api.get('api/echo', z.object({ id: z.number() })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response' });
  });

  it('tell 403 listeners, unless the call opted out', async () => {
    server.forbidEcho = true;
    const events: string[] = [];
    api.onForbidden((event) => events.push(new URL(event.url).pathname));

    await expect(api.get('api/echo', echoSchema)).rejects.toMatchObject({ status: 403, message: 'Acesso negado.' });
    await expect(api.get('api/echo', echoSchema, { skipForbiddenHandler: true })).rejects.toMatchObject({ status: 403 });

    expect(events).toEqual(['/api/echo']);
  });
});

describe('request activity', () => {
  it('counts calls while they run and skips the token call', async () => {
    const activity = createRequestActivity();
    const peaks: number[] = [];
    activity.subscribe(() => peaks.push(activity.getActiveCount()));
    const tracked = trackFetch(activity, fetch);
    const trackedSession = createSession({ baseUrl: server.baseUrl, fetch: tracked, now: () => clock });
    const trackedApi = createApiClient({ session: trackedSession, baseUrl: server.baseUrl, fetch: tracked });

    await trackedSession.signIn('maria', PASSWORD); // token call (silent) + api/user (counted)
    await Promise.all([trackedApi.get('api/echo', echoSchema), trackedApi.get('api/echo', echoSchema)]);

    expect(activity.getActiveCount()).toBe(0);
    expect(Math.max(...peaks)).toBe(2);
    // revoke (best effort, counted) of the earlier session + api/user + two echoes: 4 starts, 4 ends
    expect(peaks.length).toBe(8);
  });
});

describe('reconnection', () => {
  it('refreshes a token that expired offline when the connection returns', async () => {
    const stop = watchSessionEnvironment(session, window);
    clock += 2 * 3_600_000;

    window.dispatchEvent(new Event('online'));
    await waitFor(() => session.getAccessToken() === 'access-2');

    expect(server.count('POST /oauth/token refresh_token')).toBe(1);
    stop();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
