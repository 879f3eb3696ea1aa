/**
 * Response headers that harden the app without breaking the PWA: no MIME
 * sniffing, no framing, no referrer leaving the site (reset links carry a
 * token in the path), and no caching of API answers (they carry tokens and
 * personal data). No script/style CSP: Mantine injects inline styles.
 */
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler';
import { matchedPath } from './request-target';

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', "frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
    if (isApiPath(matchedPath(request))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
