/**
 * `app.listen` without Fastify's 'Server listening at …' lines: Fastify logs
 * one, in English and as JSON, per network interface of the host (several
 * with HOST=0.0.0.0), and the start-up already says where the server is, in
 * Portuguese and once ('Servidor no ar: …', server/main.ts). At LOG_LEVEL
 * debug or trace they still show.
 */
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

export async function listenQuietly(app: FastifyInstance, options: FastifyListenOptions): Promise<string> {
  const level = app.log.level;
  const quiet = level === 'info';
  if (quiet) app.log.level = 'warn';
  try {
    return await app.listen(options);
  } finally {
    if (quiet) app.log.level = level;
  }
}
