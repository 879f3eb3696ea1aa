/**
 * buildApp(deps): the whole HTTP server as a Fastify instance, used by
 * server/main.ts and by the tests (which inject an in-memory database, a
 * manual clock and a mailer).
 *
 * Order matters: compilers and error handling first, then the request hooks
 * from server/plugins.ts (authentication, permissions, later idempotency),
 * then the route modules from server/routes/index.ts, each in its own
 * scope, and last the built PWA with its SPA fallback.
 */
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppPlugin, RouteModule, ZodApp } from './app-context';
import type { AttemptStore } from './auth/attempt-store';
import { createAuthCache } from './auth/auth-cache';
import { loadAuthUser } from './auth/current-user';
import { requireAccessDeclarations } from './auth/route-declarations';
import { databaseAttemptStore } from './auth/db-attempt-store';
import { createDeviceTrust } from './auth/device-trust';
import { RESET_TOKEN_TTL_MINUTES } from './auth/password-recovery-routes';
import { WindowLimit } from './auth/rate-limit';
import { createSessionService } from './auth/sessions';
import { ACCOUNT_FORGET_AFTER_MS, createSignInGuard } from './auth/sign-in-guard';
import { resolveTokenSecret } from './auth/token-secret';
import { createBackgroundTasks } from './background';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { answerClientError, answerFrameworkError, installErrorHandling } from './http/error-handler';
import { installCompression } from './http/compression';
import { installFormBodyParser } from './http/form-body';
import { installOpenApi } from './http/openapi';
import { installInputGuards } from './http/input-guards';
import { installSecurityHeaders } from './http/security-headers';
import { normaliseRequestTarget } from './http/request-target';
import { installPwa } from './http/static-app';
import { validatorCompiler } from './http/validation';
import type { Mailer } from './mail/mailer';
import { appPlugins } from './plugins';
import { routeModules } from './routes';
import { createMailQuota } from './mail/sending-quota';
import { installRequestLog } from './app-request-log';
import { SAMPLE_VERIFY_LIMIT } from './routes/samples/verify-limit';

const FIFTEEN_MINUTES = 15 * 60_000;
/** The API's version in its OpenAPI document. */
const API_VERSION = '0.1.0';

export type AppDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock?: Clock;
  /** Fastify logger options; defaults to the configured level on stdout. */
  logger?: FastifyServerOptions['logger'];
  /** Route modules to register (default: all of server/routes/index.ts). */
  routes?: RouteModule[];
  /** Request hook plugins (default: server/plugins.ts). */
  plugins?: AppPlugin[];
  /** Where attempt limits keep their state; default the database (shared by every process). */
  attemptStore?: AttemptStore;
  /** How long the signed-in user is kept per session (default AUTH_CACHE_TTL_MS; 0: not kept). */
  authCacheTtlMs?: number;
};

export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const { db, config, mailer } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // One line per request only at debug (app-request-log.ts); refusals and failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // Settings texts and result thresholds are the largest JSON bodies today; files use multipart later.
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Absolute-form targets and dot segments become the path the router matches (server/http/request-target.ts).
    rewriteUrl: (request) => normaliseRequestTarget(request.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route: a route that declares no access stops the start (deny by default).
  requireAccessDeclarations(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installFormBodyParser(app);
  installInputGuards(app);
  installSecurityHeaders(app);
  installRequestLog(app);

  const tokenSecret = await resolveTokenSecret(db, config.tokenSecret);
  const attempts = deps.attemptStore ?? databaseAttemptStore({ db, now: () => clock.now(), maxAgeMs: ACCOUNT_FORGET_AFTER_MS });
  const authCache = createAuthCache({
    load: (userId, sessionId) => loadAuthUser(db, userId, sessionId),
    now: () => clock.now(),
    ttlMs: deps.authCacheTtlMs,
  });
  const ctx: AppContext = {
    db,
    config,
    clock,
    mailer,
    sessions: createSessionService({
      db,
      clock,
      secret: tokenSecret,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      revoked: { session: (id) => authCache.forgetSession(id), user: (id) => authCache.forgetUser(id) },
    }),
    authCache,
    background: createBackgroundTasks(app.log),
    deviceTrust: createDeviceTrust(tokenSecret),
    limits: {
      signIn: createSignInGuard({ store: attempts, clock }),
      passwordReset: {
        perAddress: new WindowLimit({ store: attempts, clock, name: 'reset-address', limit: 5, windowMs: FIFTEEN_MINUTES }),
        // Within the link's lifetime, so a suppressed request always leaves a working link in the mailbox.
        perEmail: new WindowLimit({ store: attempts, clock, name: 'reset-email', limit: 3, windowMs: (RESET_TOKEN_TTL_MINUTES / 2) * 60_000 }),
      },
      mailPerUser: createMailQuota({ store: attempts, clock, perHour: config.mailPerUserPerHour }),
      sampleVerify: new WindowLimit({ store: attempts, clock, name: 'sample-verify', ...SAMPLE_VERIFY_LIMIT }),
    },
  };
  app.addHook('onClose', async () => ctx.background.drain());

  // Before the hooks and routes, so the document sees every route registered after it.
  await installOpenApi(app, API_VERSION);

  for (const plugin of deps.plugins ?? appPlugins) await plugin.install(app, ctx);
  // The route modules in one scope with the API's compression; the built PWA, outside it, is sent as built.
  await app.register(async (api) => {
    await installCompression(api);
    for (const module of deps.routes ?? routeModules) {
      await api.register(async (scope) => module.register(scope.withTypeProvider<ZodTypeProvider>(), ctx));
    }
  });
  await installPwa(app, config.distDir);
  return app;
}
