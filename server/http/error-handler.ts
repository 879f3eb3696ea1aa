/**
 * Every failure leaves the server as `{ message, errors? }`: validation
 * failures as 400 with per-field Portuguese messages, HttpErrors as they
 * were thrown, Fastify's own 4xx (bad JSON, too large, wrong media type)
 * with a Portuguese message (and its router's errors, answerFrameworkError),
 * and anything else as a generic 500 that shows
 * no stack, SQL or internal detail (the error goes to the log instead).
 *
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed
 * request line or header, headers over the size limit, a request line
 * longer than it, a request that took too long to arrive) are answered by
 * `answerClientError` (Fastify's `clientErrorHandler`) with the same JSON
 * shape and a Portuguese message, instead of Fastify's English default.
 */
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@sync/contract/errors';
import { HttpError } from './errors';
import { HTTP_MESSAGES } from './messages';
import { validationErrorBody } from './validation';

const FASTIFY_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.invalidBody,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.invalidBody,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_NOT_FOUND: HTTP_MESSAGES.notFound,
};

/**
 * Errors Fastify raises before a request reaches any route (a path with
 * broken percent-encoding, a path parameter over maxParamLength); without
 * this they answer in English, bypassing the error handler.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, { message: HTTP_MESSAGES.urlTooLong });
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, { message: HTTP_MESSAGES.badUrl });
  return send(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, { message: HTTP_MESSAGES.badRequest });
}

/** What Node's `clientError` event carries (`rawPacket`: the bytes being parsed, when known). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** A refusal of Node's HTTP parser: its status and Portuguese message. */
function clientErrorAnswer(error: ClientError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: HTTP_MESSAGES.requestTimeout };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone fills the parser's limit: the address itself is what is too long.
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = packet.indexOf('\n');
    const requestLine = /^[A-Z]+ /.test(packet) ? (lineEnd === -1 ? packet.length : lineEnd) : 0;
    return requestLine >= maxHeaderSize
      ? { status: 414, message: HTTP_MESSAGES.urlTooLong }
      : { status: 431, message: HTTP_MESSAGES.headersTooLarge };
  }
  return { status: 400, message: HTTP_MESSAGES.badRequest };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refused, answered
 * on the raw socket (there is no request nor reply) as JSON with a
 * Portuguese message, then the connection is closed. Mirrors Fastify's
 * default (nothing is written to a socket already reset or destroyed).
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error);
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message } satisfies ApiError);
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** Paths that belong to the API: unknown ones answer JSON, never the app. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/oauth/') || url === '/oauth';
}

function send(reply: FastifyReply, status: number, body: ApiError, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      const body: ApiError = error.details.errors ? { message: error.message, errors: error.details.errors } : { message: error.message };
      return send(reply, error.statusCode, body, error.details.headers);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return send(reply, 400, validationErrorBody(fastifyError.validation, fastifyError.validationContext));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_CODE_MESSAGES[fastifyError.code] ?? HTTP_MESSAGES.badRequest;
      request.log.info({ code: fastifyError.code, status }, 'request refused');
      return send(reply, status, { message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: HTTP_MESSAGES.internal });
  });
}

/**
 * Unknown API paths answer 404 JSON. Other paths are the app's (client-side
 * routes): `fallback` serves index.html for them when the app is built.
 */
export function installNotFound(app: FastifyInstance, fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
    if (wantsApp && fallback) return fallback(request, reply);
    return send(reply, 404, { message: wantsApp ? HTTP_MESSAGES.appNotBuilt : HTTP_MESSAGES.notFound });
  });
}
