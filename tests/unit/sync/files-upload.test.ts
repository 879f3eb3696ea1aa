/**
 * @vitest-environment jsdom
 *
 * The transport's upload in a browser (jsdom's XMLHttpRequest) against a
 * small real server on loopback: the multipart body arrives with the
 * Idempotency-Key and the bearer token, progress is reported up to the
 * whole size, the answer is parsed; a server that never answers ends as a
 * timeout (no progress for the idle time), a refused connection as a
 * network failure — the outcomes the push turns into retries.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canUseXhr } from '@sync/engine/files-xhr';
import { Transport } from '@sync/engine/transport';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

function cors(response: ServerResponse) {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-headers', '*');
  response.setHeader('access-control-allow-methods', 'POST, GET');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    cors(response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
    if (request.url === '/api/never') return; // no answer, ever
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 41, name: 'Laudo' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const auth = { getAccessToken: async () => 'token-1', refresh: async () => false };

function uploadOf(text: string) {
  const form = new FormData();
  form.append('name', 'Laudo');
  form.append('file', new Blob([text], { type: 'application/pdf' }), 'laudo.pdf');
  return { form, bytes: text.length };
}

describe('uploads through XMLHttpRequest', () => {
  it('is what a browser uses', () => {
    expect(canUseXhr()).toBe(true);
  });

  it('sends the multipart body with its headers and reports progress to the end', async () => {
    const transport = new Transport({ baseUrl, auth });
    const progress: Array<[number, number]> = [];
    const content = 'x'.repeat(200_000);
    const outcome = await transport.send({
      method: 'POST',
      path: 'api/customer/7/file',
      headers: { 'idempotency-key': 'key-1' },
      upload: { ...uploadOf(content), onProgress: (loaded, total) => progress.push([loaded, total]) },
    });
    expect(outcome).toEqual({ kind: 'response', status: 201, body: { id: 41, name: 'Laudo' }, retryAfterMs: undefined });
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/customer/7/file' });
    expect(request.headers['idempotency-key']).toBe('key-1');
    expect(request.headers.authorization).toBe('Bearer token-1');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request.body.toString('latin1');
    expect(body).toContain('name="name"\r\n\r\nLaudo');
    expect(body).toContain('filename="laudo.pdf"');
    expect(body).toContain(content);
    expect(progress.length).toBeGreaterThan(0);
    const [loaded, total] = progress.at(-1)!;
    expect(loaded).toBe(total);
    expect(total).toBeGreaterThanOrEqual(content.length);
  });

  it('ends as a timeout when nothing moves for the idle time, and as a network failure when refused', async () => {
    const slow = new Transport({ baseUrl, auth, timeoutMs: 300 });
    expect(await slow.send({ method: 'POST', path: 'api/never', upload: uploadOf('abc') })).toEqual({ kind: 'timeout' });
    const nowhere = new Transport({ baseUrl: 'http://127.0.0.1:9', auth });
    expect((await nowhere.send({ method: 'POST', path: 'api/x', upload: uploadOf('abc') })).kind).toBe('network');
  });
});
