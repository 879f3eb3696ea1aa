/**
 * One log line per request, at `debug` (LOG_LEVEL=debug or trace). Fastify's
 * own request lines ('incoming request', 'request completed') are off
 * (its `LogController` in app.ts): at the default level `info` they made
 * two JSON lines of every call, drowning what an operator needs to see
 * (issue 24). Refusals and failures are still logged by the error handler
 * (server/http/error-handler.ts) at every level from `info` and `error`.
 */
import type { FastifyInstance } from 'fastify';

export const REQUEST_LOG_MESSAGE = 'requisição';

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      REQUEST_LOG_MESSAGE,
    );
  });
}
