/**
 * @vitest-environment jsdom
 *
 * The 403 rule against a real loopback server: a customer-type user goes
 * through the customer redirect; anyone else has the user re-read; a failed
 * reset shows a danger alert and goes to the overview.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createForbiddenHandler, USER_RESET_FAILED_MESSAGE } from '@/app/auth/forbidden-handler';
import { createApiClient, type ApiClient } from '@sync/http';
import { createSession, type Session } from '@sync/session';
import { PASSWORD, startLoopbackAuthServer, type LoopbackAuthServer } from '../session/loopback-auth-server';
import { makeUser } from '../session/user-factory';

let server: LoopbackAuthServer;
let session: Session;
let api: ApiClient;
let visited: string[];
let alerts: string[][];
let clock: number;

function handler() {
  return createForbiddenHandler({
    session,
    api,
    navigate: (path) => void visited.push(path),
    alertDanger: (message) => void alerts.push(Array.isArray(message) ? message : [message]),
    now: () => clock,
  });
}

beforeEach(async () => {
  localStorage.clear();
  server = await startLoopbackAuthServer();
  session = createSession({ baseUrl: server.baseUrl });
  api = createApiClient({ session, baseUrl: server.baseUrl });
  visited = [];
  alerts = [];
  clock = 1_000_000;
});

afterEach(async () => {
  await server.close();
});

const link = (id: number) => ({ user_id: 7, customer_id: id, customer: { id, name: `Cliente ${id}` } });

describe('a customer-type user', () => {
  it.each([
    [[link(4), link(9)], '/admin/clientes/lista/1'],
    [[link(4)], '/admin/clientes/4'],
    [[], '/admin/overview'],
  ])('with customers %j goes to %s', async (customers, path) => {
    server.user = makeUser({}, 'cliente');
    server.customers = [link(1), link(2)];
    await session.signIn('maria', PASSWORD);
    server.customers = customers;

    await handler()();

    expect(visited).toEqual([path]);
    expect(session.getState().customers).toEqual(customers);
    expect(alerts).toEqual([]);
  });
});

describe('any other user', () => {
  it('has the user re-read, so a revoked module leaves the menu', async () => {
    await session.signIn('maria', PASSWORD);
    server.user = makeUser({ modules: [] });

    await handler()();

    expect(session.getState().user?.modules).toEqual([]);
    expect(visited).toEqual([]);
  });

  it('sees a danger alert and goes to the overview when the reset fails', async () => {
    await session.signIn('maria', PASSWORD);
    await server.close();

    await handler()();

    expect(visited).toEqual(['/admin/overview']);
    expect(alerts[0]?.[0]).toBe(USER_RESET_FAILED_MESSAGE);
    expect(session.getState().user?.id).toBe(7);
  });
});

it('runs once for a burst of refused calls, and again for a later one', async () => {
  await session.signIn('maria', PASSWORD);
  server.forbidEcho = true;
  api.onForbidden(handler());
  const burst = async () => {
    await Promise.allSettled([1, 2, 3].map(() => api.get('api/echo', z.unknown())));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  await burst();
  expect(server.count('GET /api/user')).toBe(2); // sign-in + one reset

  clock += 1_000;
  await burst();
  expect(server.count('GET /api/user')).toBe(2); // still the same burst

  clock += 5_000;
  await burst();
  expect(server.count('GET /api/user')).toBe(3);
});
