/**
 * `application/x-www-form-urlencoded` bodies, which OAuth2 clients send to
 * the token endpoint by default. Repeated keys keep the last value, which is
 * all the token and revoke calls need.
 */
import type { FastifyInstance } from 'fastify';

export function installFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
