/**
 * Health checks for a process manager or a load balancer, without a token:
 *
 * - `GET /api/health`: the process answers (liveness): `{ status: 'ok' }`.
 * - `GET /api/ready`: it can serve (readiness): the database answers a
 *   trivial query, the file store takes a file (a probe written and removed:
 *   a `.part` file in DATA_DIR/files, or an object in the S3-compatible
 *   store, server/files/file-store.ts) and the PDF workers are not failing;
 *   `{ status: 'ok' }`, else 503 `{ status: 'indisponivel' }`.
 *
 * Neither says which check failed, nor anything else about the server: the
 * server's log says which, once when readiness changes rather than on every
 * probe. Probes every few seconds are not logged (not even at debug), and
 * each check is bounded in time, so a hung database answers 503, not never.
 * While the server shuts down, Fastify answers every request 503, these
 * too, so the balancer stops sending traffic. docs/operations.md
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, RouteModule, ZodApp } from '../app-context';
import { access } from '../auth/access';
import { fileStoreOf } from '../files/open-file-store';
import { pdfWorkersAlive } from '../pdf/pdf-worker';

export const HEALTH_PATHS = { health: '/api/health', ready: '/api/ready' } as const;

const okSchema = z.object({ status: z.literal('ok') });
const unavailableSchema = z.object({ status: z.literal('indisponivel') });

/** A check that takes longer than this has failed (a hung database, a stuck disk). */
const CHECK_LIMIT_MS = 3_000;

type Check = { name: string; run(ctx: AppContext): Promise<boolean> | boolean };

const CHECKS: readonly Check[] = [
  {
    name: 'database',
    run: async (ctx) => {
      await ctx.db.execute(sql`select 1`);
      return true;
    },
  },
  {
    name: 'files',
    run: async (ctx) => {
      await fileStoreOf(ctx.config.files).checkWritable();
      return true;
    },
  },
  { name: 'pdf', run: () => pdfWorkersAlive() },
];

function withinLimit(check: Check, ctx: AppContext): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_LIMIT_MS);
    timer.unref();
    Promise.resolve()
      .then(() => check.run(ctx))
      .then(
        (ok) => resolve(ok),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer));
  });
}

function register(app: ZodApp, ctx: AppContext) {
  let lastFailed = '';
  const quiet = { config: { access: access.public() }, logLevel: 'info' } as const;

  app.get(HEALTH_PATHS.health, { ...quiet, schema: { response: { 200: okSchema } } }, async () => ({ status: 'ok' as const }));

  app.get(HEALTH_PATHS.ready, { ...quiet, schema: { response: { 200: okSchema, 503: unavailableSchema } } }, async (_request, reply) => {
    const results = await Promise.all(CHECKS.map((check) => withinLimit(check, ctx)));
    const failed = CHECKS.filter((_, i) => !results[i])
      .map((check) => check.name)
      .join(',');
    if (failed !== lastFailed) {
      if (failed) app.log.warn({ failed }, 'servidor indisponível (GET /api/ready)');
      else app.log.info('servidor disponível de novo (GET /api/ready)');
      lastFailed = failed;
    }
    if (failed) return reply.code(503).send({ status: 'indisponivel' as const });
    return { status: 'ok' as const };
  });
}

export const healthRoutes: RouteModule = { name: 'health', register };
