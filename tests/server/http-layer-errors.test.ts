/**
 * Answers given before any route runs, in Portuguese JSON like every other
 * error: what Node's HTTP parser refuses (over raw TCP, as a client sends
 * it: headers over the limit → 431, a request line over it → 414, a
 * malformed request line or header, a broken chunked body, an unreadable
 * Content-Length → 400; Fastify's clientErrorHandler, answerClientError) and
 * what Fastify's router and parsers refuse (an unknown path → 404, a path
 * parameter over its limit → 414, a body over the limit → 413).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '@server/http/messages';
import { rawRequest } from './helpers/raw-http';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: unknown };

/** Sends `request` byte for byte over a TCP socket; the body read as JSON when it is. */
async function raw(request: string): Promise<RawAnswer> {
  const answer = await rawRequest(t.baseUrl, request);
  let body: unknown = answer.body;
  try {
    body = JSON.parse(answer.body);
  } catch {
    // not JSON: kept as text, the test then fails on it
  }
  return { ...answer, body };
}

const request = (line: string, headers: string[] = []) => [line, 'Host: localhost', ...headers, 'Connection: close', '', ''].join('\r\n');

describe("refused by Node's HTTP parser, over a raw socket", () => {
  it.each([
    ['20 kB in one header', 431, HTTP_MESSAGES.headersTooLarge, request('GET /api/user HTTP/1.1', [`X-Grande: ${'a'.repeat(20_000)}`])],
    [
      '400 headers of 60 bytes',
      431,
      HTTP_MESSAGES.headersTooLarge,
      request(
        'GET /api/user HTTP/1.1',
        Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(60)}`),
      ),
    ],
    ['a 20 kB request line', 414, HTTP_MESSAGES.urlTooLong, request(`GET /api/${'a'.repeat(20_000)} HTTP/1.1`)],
    ['a malformed request line', 400, HTTP_MESSAGES.badRequest, 'HELLO\r\n\r\n'],
    ['an unknown HTTP version', 400, HTTP_MESSAGES.badRequest, request('GET / HTTP/9.Z')],
    ['a space in a header name', 400, HTTP_MESSAGES.badRequest, request('GET / HTTP/1.1', ['Mau Cabecalho: x'])],
    [
      'a broken chunked body',
      400,
      HTTP_MESSAGES.badRequest,
      `${request('POST /oauth/token HTTP/1.1', ['Content-Type: application/json', 'Transfer-Encoding: chunked'])}ZZ\r\n{}\r\n0\r\n\r\n`,
    ],
    ['an unreadable Content-Length', 400, HTTP_MESSAGES.badRequest, `${request('POST /oauth/token HTTP/1.1', ['Content-Length: abc'])}{}`],
  ])('%s → %s in Portuguese JSON', async (_case, status, message, data) => {
    const answer = await raw(data);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ message })));
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.connection).toBe('close');
  });

  it('the server keeps serving after them', async () => {
    await raw('HELLO\r\n\r\n');
    const answer = await raw(request('GET /api/nada HTTP/1.1'));
    expect(answer).toMatchObject({ status: 404, body: { message: HTTP_MESSAGES.notFound } });
  });
});

describe('refused by the router and the parsers, over a raw socket', () => {
  it.each([
    ['an unknown API path', 404, HTTP_MESSAGES.notFound, request('GET /api/nada/mesmo HTTP/1.1')],
    ['a target in no form served (*)', 404, HTTP_MESSAGES.notFound, request('OPTIONS * HTTP/1.1')],
    ['a path parameter over its limit', 414, HTTP_MESSAGES.urlTooLong, request(`GET /api/quotation/${'1'.repeat(300)} HTTP/1.1`)],
    ['broken percent-encoding', 400, HTTP_MESSAGES.badUrl, request('GET /api/quotation/%E0%A4%A HTTP/1.1')],
    [
      'a body over the limit (announced)',
      413,
      HTTP_MESSAGES.bodyTooLarge,
      `${request('POST /oauth/token HTTP/1.1', ['Content-Type: application/json', `Content-Length: ${3 * 1024 * 1024}`])}{}`,
    ],
  ])('%s → %s in Portuguese JSON', async (_case, status, message, data) => {
    const answer = await raw(data);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
