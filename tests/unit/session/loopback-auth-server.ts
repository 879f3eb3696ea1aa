/**
 * A small real HTTP server on 127.0.0.1 that speaks the auth part of the
 * contract (oauth/token, oauth/revoke, api/user, api/user-customers) plus a
 * protected `api/echo`, with knobs to refuse refreshes, delay answers and
 * count calls. The session and API client tests talk to it over loopback.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CurrentUser, UserCustomer } from '@sync/contract/user';
import { makeUser } from './user-factory';

export interface LoopbackAuthServer {
  baseUrl: string;
  /** Calls received, by "METHOD path" (grant type appended for oauth/token). */
  calls: string[];
  count(prefix: string): number;
  /** When set, refresh_token grants answer 400 invalid_grant. */
  refuseRefresh: boolean;
  /** Delay before answering refresh grants, to make concurrent callers overlap. */
  refreshDelayMs: number;
  /** When set, api/echo answers 403. */
  forbidEcho: boolean;
  /** Access tokens the server currently accepts. */
  validAccessTokens: Set<string>;
  revoked: string[];
  user: CurrentUser;
  customers: UserCustomer[];
  /** Expiry the token endpoint announces, in seconds. */
  expiresIn: number;
  close(): Promise<void>;
}

export const PASSWORD = 'segredo-123';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLoopbackAuthServer(): Promise<LoopbackAuthServer> {
  let tokenSerial = 0;
  const refreshTokens = new Set<string>();
  const state: Omit<LoopbackAuthServer, 'baseUrl' | 'close' | 'count'> = {
    calls: [],
    refuseRefresh: false,
    refreshDelayMs: 0,
    forbidEcho: false,
    validAccessTokens: new Set(),
    revoked: [],
    user: makeUser(),
    customers: [],
    expiresIn: 900,
  };

  function issueTokens() {
    tokenSerial += 1;
    const access = `access-${tokenSerial}`;
    const refresh = `refresh-${tokenSerial}`;
    state.validAccessTokens.add(access);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: state.expiresIn };
  }

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && state.validAccessTokens.has(header.slice(7));
  }

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = req.method === 'POST' ? await readJson(req) : {};
    state.calls.push(`${req.method} ${path}${body.grant_type ? ` ${String(body.grant_type)}` : ''}`);

    if (req.method === 'POST' && path === '/oauth/token') {
      if (body.grant_type === 'password') {
        if (body.username === state.user.username && body.password === PASSWORD && body.client_id === 'pwa') {
          return send(res, 200, issueTokens());
        }
        return send(res, 401, { message: 'E-mail e/ou senha estão incorretos.' });
      }
      if (body.grant_type === 'refresh_token') {
        await sleep(state.refreshDelayMs);
        const token = String(body.refresh_token);
        if (state.refuseRefresh || !refreshTokens.has(token)) {
          return send(res, 400, { message: 'Sessão expirada.' });
        }
        refreshTokens.delete(token); // rotation: a refresh token works once
        return send(res, 200, issueTokens());
      }
      return send(res, 400, { message: 'grant_type inválido' });
    }
    if (req.method === 'POST' && path === '/oauth/revoke') {
      state.revoked.push(String(body.token));
      refreshTokens.delete(String(body.token));
      return send(res, 200, { message: 'ok' });
    }
    if (!authorized(req)) return send(res, 401, { message: 'Não autenticado.' });
    if (req.method === 'GET' && path === '/api/user') return send(res, 200, state.user);
    if (req.method === 'GET' && path === `/api/user-customers/${state.user.id}`) return send(res, 200, state.customers);
    if (path === '/api/echo') {
      if (state.forbidEcho) return send(res, 403, { message: 'Acesso negado.' });
      return send(res, 200, { ok: true, authorization: req.headers.authorization });
    }
    if (path === '/api/invalid') {
      return send(res, 422, { message: 'Dados inválidos', errors: { name: ['Nome é obrigatório'] } });
    }
    return send(res, 404, { message: 'Não encontrado.' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    count(prefix: string) {
      return state.calls.filter((call) => call.startsWith(prefix)).length;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
