/**
 * The engine's HTTP layer against the real server through the fault proxy:
 * an expired access token is refreshed once and the request repeated, a
 * dropped connection and a held answer are told apart (network vs timeout),
 * Retry-After is read, and the proxy's faults behave as the other tests
 * rely on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transport } from '@sync/engine/transport';
import { PasswordAuth } from './support/sync-client';
import { startSyncServer, type SyncServer } from './support/sync-server';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  await server?.close();
});

const ACCESS_TTL_MS = () => server.config.accessTokenTtlSeconds * 1000;

describe('Transport', () => {
  it('refreshes an expired token once and repeats the request', async () => {
    const auth = new PasswordAuth(() => server.url);
    await auth.signIn();
    const transport = new Transport({ baseUrl: server.url, auth, timeoutMs: 2_000 });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 200 });

    server.clock.skip(ACCESS_TTL_MS() + 60_000);
    const before = server.proxy.requests({ path: '/oauth/token' }).length;
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 200 });
    expect(auth.refreshes).toBe(1);
    expect(server.proxy.requests({ path: '/oauth/token' }).length).toBe(before + 1);
  });

  it('shares one refresh between parallel requests that all met a 401', async () => {
    const auth = new PasswordAuth(() => server.url);
    await auth.signIn();
    const transport = new Transport({ baseUrl: server.url, auth, timeoutMs: 2_000 });
    server.clock.skip(ACCESS_TTL_MS() + 60_000);
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => transport.send({ method: 'GET', path: 'api/user' })));
    expect(outcomes.every((outcome) => outcome.kind === 'response' && outcome.status === 200)).toBe(true);
    expect(auth.refreshes).toBe(1);
  });

  it('gives back the 401 when the session cannot be refreshed', async () => {
    const auth = new PasswordAuth(() => server.url);
    const transport = new Transport({ baseUrl: server.url, auth, timeoutMs: 2_000 });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 401 });
  });

  it('reports a dropped connection as a network failure and a held answer as a timeout', async () => {
    const auth = new PasswordAuth(() => server.url);
    await auth.signIn();
    const transport = new Transport({ baseUrl: server.url, auth, timeoutMs: 300 });
    server.proxy.inject({ path: '/api/user', fault: { kind: 'drop' } });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'network' });
    server.proxy.inject({ path: '/api/user', fault: { kind: 'hold-response', ms: 1_000 } });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toEqual({ kind: 'timeout' });
    server.proxy.inject({ path: '/api/user', fault: { kind: 'delay', ms: 100 } });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 200 });
  });

  it('reads Retry-After from a 429', async () => {
    const auth = new PasswordAuth(() => server.url);
    await auth.signIn();
    const transport = new Transport({ baseUrl: server.url, auth });
    server.proxy.inject({ path: '/api/user', fault: { kind: 'status', status: 429, headers: { 'retry-after': '2' } } });
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 429, retryAfterMs: 2_000 });
  });

  it('meets a refused connection while the server restarts, and the new server after', async () => {
    const auth = new PasswordAuth(() => server.url);
    await auth.signIn();
    const transport = new Transport({ baseUrl: server.url, auth, timeoutMs: 2_000 });
    server.proxy.setTarget(null);
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'network' });
    await server.restart();
    expect(await transport.send({ method: 'GET', path: 'api/user' })).toMatchObject({ kind: 'response', status: 200 });
  });
});
