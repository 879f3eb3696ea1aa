/**
 * What route modules and plugins receive: the services of one app instance.
 * A route module is one file per resource (server/routes/*); a plugin adds
 * request hooks to every route (server/plugins.ts). Both are registered from
 * lists, so a new resource or cross-cutting feature is one line.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AttemptLimiter } from './auth/rate-limit';
import type { SessionService } from './auth/sessions';
import type { BackgroundTasks } from './background';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import './fastify-augment';

export type ZodApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export type AppContext = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  background: BackgroundTasks;
  limits: {
    /** Failed sign-ins per username + address. */
    signInPerUser: AttemptLimiter;
    /** Failed sign-ins per address, whatever the username (password spraying). */
    signInPerAddress: AttemptLimiter;
    /** Password-reset e-mails per address and per e-mail. */
    passwordReset: AttemptLimiter;
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
