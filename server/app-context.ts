/**
 * What route modules and plugins receive: the services of one app instance.
 * A route module is one file per resource (server/routes/*); a plugin adds
 * request hooks to every route (server/plugins.ts). Both are registered from
 * lists, so a new resource or cross-cutting feature is one line.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthCache } from './auth/auth-cache';
import type { DeviceTrust } from './auth/device-trust';
import type { WindowLimit } from './auth/rate-limit';
import type { SessionService } from './auth/sessions';
import type { SignInGuard } from './auth/sign-in-guard';
import type { BackgroundTasks } from './background';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import './fastify-augment';
import type { MailQuota } from './mail/sending-quota';

export type ZodApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export type AppContext = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  /** Who is calling, per session, kept a few seconds (server/auth/auth-cache.ts); forget what a change touches. */
  authCache: AuthCache;
  background: BackgroundTasks;
  /** Device cookies that exempt an account's own browsers from what strangers cause. */
  deviceTrust: DeviceTrust;
  /** Attempt limits (docs/decisions/sign-in-protection-openapi.md); their state lives in an AttemptStore. */
  limits: {
    signIn: SignInGuard;
    passwordReset: {
      /** Reset requests per requesting address: 429 when over. */
      perAddress: WindowLimit;
      /** Reset e-mails per e-mail: over it the request is answered as usual and nothing is sent. */
      perEmail: WindowLimit;
    };
    /** E-mails sent on a signed-in user's behalf, per user and hour (server/mail/sending-quota.ts). */
    mailPerUser: MailQuota;
    /** Public report verifications per requesting address: 429 when over (server/routes/samples/verify-route.ts). */
    sampleVerify: WindowLimit;
  };
};

/** A resource's routes, registered in their own encapsulated scope. */
export type RouteModule = {
  name: string;
  register(app: ZodApp, ctx: AppContext): void | Promise<void>;
};

/** Cross-cutting request hooks (auth, permissions, idempotency...), added to the root instance in list order. */
export type AppPlugin = {
  name: string;
  install(app: ZodApp, ctx: AppContext): void | Promise<void>;
};
