/**
 * The transport's batch call (Transport.sendBatch) against the real server
 * through the fault proxy: each write gets the outcome it would have had
 * alone, whatever happens to the batch call itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_PATH } from '@sync/contract/batch';
import { Transport, type HttpOutcome, type HttpRequest } from '@sync/engine/transport';
import { PasswordAuth } from './support/sync-client';
import { startSyncServer, type SyncServer } from './support/sync-server';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
const cost = (name: string, price: unknown = 5): HttpRequest => ({
  method: 'POST',
  path: 'api/cost',
  body: { name: `${name} ${++counter}`, price },
  headers: { 'idempotency-key': `lote-${Date.now()}-${counter}` },
});
const statuses = (outcomes: HttpOutcome[]) => outcomes.map((outcome) => (outcome.kind === 'response' ? outcome.status : outcome.kind));

async function signedIn(timeoutMs = 2_000) {
  const auth = new PasswordAuth(() => server.url);
  await auth.signIn();
  return { auth, transport: new Transport({ baseUrl: server.url, auth, timeoutMs }) };
}

const batchCalls = () => server.proxy.requests({ path: `/${BATCH_PATH}` }).length;
const aloneCalls = () => server.proxy.requests({ method: 'POST', path: /^\/api\/cost$/ }).filter((request) => !request.inBatch).length;

describe('Transport.sendBatch', () => {
  it('sends several writes in one call and gives each its own outcome, in order', async () => {
    const { transport } = await signedIn();
    const [batches, alone] = [batchCalls(), aloneCalls()];
    const outcomes = await transport.sendBatch([cost('Lote'), cost('Lote'), cost('Sem preço', 'caro'), cost('Lote')]);
    expect(statuses(outcomes)).toEqual([201, 201, 400, 201]);
    expect(outcomes[0]).toMatchObject({ body: { name: expect.stringMatching(/^Lote /) } });
    expect([batchCalls() - batches, aloneCalls() - alone]).toEqual([1, 0]);
  });

  it('sends a single write alone', async () => {
    const { transport } = await signedIn();
    const [batches, alone] = [batchCalls(), aloneCalls()];
    expect(statuses(await transport.sendBatch([cost('Sozinho')]))).toEqual([201]);
    expect([batchCalls() - batches, aloneCalls() - alone]).toEqual([0, 1]);
  });

  it.each([
    ['dropped', { kind: 'drop' as const }, ['network', 'network']],
    ['answered 503 with Retry-After', { kind: 'status' as const, status: 503, headers: { 'retry-after': '3' } }, [503, 503]],
    ['answered 429', { kind: 'status' as const, status: 429 }, [429, 429]],
  ])('gives every write the outcome of a batch call %s', async (_label, fault, expected) => {
    const { transport } = await signedIn();
    server.proxy.inject({ path: `/${BATCH_PATH}`, fault });
    const outcomes = await transport.sendBatch([cost('Falha'), cost('Falha')]);
    expect(statuses(outcomes)).toEqual(expected);
    if (fault.kind === 'status' && fault.status === 503) expect(outcomes[1]).toMatchObject({ retryAfterMs: 3_000 });
  });

  it('gives every write a timeout when the batch answer does not come in time', async () => {
    const { transport } = await signedIn(300);
    server.proxy.inject({ path: `/${BATCH_PATH}`, fault: { kind: 'hold-response', ms: 1_000 } });
    expect(await transport.sendBatch([cost('Lento'), cost('Lento')])).toEqual([{ kind: 'timeout' }, { kind: 'timeout' }]);
  });

  it.each([
    ['a server without the batch call (404)', { kind: 'status' as const, status: 404, body: { message: 'Recurso não encontrado.' } }],
    ['a batch over the body limit (413)', { kind: 'status' as const, status: 413, body: { message: 'Grande demais.' } }],
    ['an answer that is not a batch answer', { kind: 'status' as const, status: 200, body: { ok: true } }],
  ])('sends the writes one by one after %s', async (_label, fault) => {
    const { transport } = await signedIn();
    server.proxy.inject({ path: `/${BATCH_PATH}`, fault });
    const alone = aloneCalls();
    expect(statuses(await transport.sendBatch([cost('Um a um'), cost('Um a um', null)]))).toEqual([201, 400]);
    expect(aloneCalls() - alone).toBe(2);
  });

  it('refreshes an expired token once and sends the batch again', async () => {
    const { auth, transport } = await signedIn();
    server.clock.skip(server.config.accessTokenTtlSeconds * 1000 + 60_000);
    expect(statuses(await transport.sendBatch([cost('Renovado'), cost('Renovado')]))).toEqual([201, 201]);
    expect(auth.refreshes).toBe(1);
  });

  it('sends again, alone and after a refresh, a write answered 401 inside the batch', async () => {
    const { auth, transport } = await signedIn();
    const first = cost('Expirou no meio');
    const second = cost('Expirou no meio');
    const answers = [
      { status: 201, body: { id: 1, name: 'já criado' } },
      { status: 401, body: { message: 'Sessão expirada.' } },
    ];
    server.proxy.inject({ path: `/${BATCH_PATH}`, fault: { kind: 'status', status: 200, body: { responses: answers } } });
    server.clock.skip(server.config.accessTokenTtlSeconds * 1000 + 60_000);
    const outcomes = await transport.sendBatch([first, second]);
    expect(outcomes[0]).toMatchObject({ status: 201, body: { id: 1 } });
    expect(outcomes[1]).toMatchObject({ status: 201, body: { name: (second.body as { name: string }).name } });
    expect(auth.refreshes).toBe(1);
  });
});
