/**
 * The server's port, opened and closed:
 *
 * - `listenQuietly`: `app.listen` without Fastify's 'Server listening at …'
 *   lines: Fastify logs one, in English and as JSON, per network interface
 *   of the host (several with HOST=0.0.0.0), and the start-up already says
 *   where the server is, in Portuguese and once ('Servidor no ar: …',
 *   server/main.ts). At LOG_LEVEL debug or trace they still show.
 * - `closeGracefully`: what a SIGTERM does (server/main.ts): no new
 *   connection is accepted, requests in flight finish, and past
 *   SHUTDOWN_TIMEOUT_MS the connections still open are closed, so a stuck
 *   client cannot hold the shutdown (and the process manager's stop) forever.
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

/** How often, while closing, connections that became idle (their last answer sent) are closed. */
const IDLE_SWEEP_MS = 100;

/** Closes the app; true when connections had to be cut at `timeoutMs`. */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  let forced = false;
  // Node closes idle keep-alive connections once, when closing starts; one whose request was in flight becomes idle later.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    forced = true;
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return forced;
}
