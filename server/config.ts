/**
 * Server configuration: the only module that reads the environment.
 *
 * Everything else receives a `Config` value, so tests build one with
 * `loadConfig({ ...overrides })` without touching `process.env`.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { type FilesConfig, FilesConfigError, filesConfigOf } from './files/files-config';

/** Seconds, written as a plain number ("900") or with a unit ("15m", "60d"). */
const duration = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhd]?$/i, 'use a number of seconds or a number followed by s, m, h or d')
  .transform((text) => {
    const match = /^(\d+)\s*([smhd]?)$/i.exec(text)!;
    const factor = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2]!.toLowerCase() as '' | 's' | 'm' | 'h' | 'd'];
    return Number(match[1]) * factor;
  })
  .refine((seconds) => seconds > 0, 'must be greater than zero');

const flag = z
  .string()
  .trim()
  .transform((text) => ['1', 'true', 'yes', 'on'].includes(text.toLowerCase()));

const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : text))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('Higiene Ocupacional <nao-responda@localhost>'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: duration.default(900),
  REFRESH_TOKEN_TTL: duration.default(60 * 86_400),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  SKIP_PWA_BUILD: flag.default(false),
  DIST_DIR: z.string().trim().min(1).default('./dist'),
  TRUST_PROXY: flag.default(false),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(2048).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  MAIL_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // The file store (server/files/files-config.ts checks them together).
  FILES_URL: optionalText,
  FILES_S3_ENDPOINT: optionalText,
  FILES_S3_REGION: optionalText,
  FILES_S3_ACCESS_KEY_ID: optionalText,
  FILES_S3_SECRET_ACCESS_KEY: optionalText,
  FILES_S3_SESSION_TOKEN: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
});

export type Config = {
  port: number;
  host: string;
  /** Absolute path of the folder holding the embedded database, files and e-mails. */
  dataDir: string;
  /** Where stored files live: DATA_DIR/files, or an S3-compatible object store (FILES_URL=s3://bucket/prefix). */
  files: FilesConfig;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl: string | undefined;
  /** SMTP server for e-mail; without it messages are written as .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of the links written in e-mails, without a trailing slash. */
  publicUrl: string;
  /** Signs access tokens; when absent one is generated at first start and kept in the database. */
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminUsername: string;
  /** Password of the administrator created at first start; random (and printed once) when absent. */
  adminPassword: string | undefined;
  /** E-mail of that administrator (for password recovery); a placeholder when absent. */
  adminEmail: string | undefined;
  skipPwaBuild: boolean;
  /** Absolute path of the built PWA. */
  distDir: string;
  /** Honour X-Forwarded-For (only behind a reverse proxy you control). */
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Largest uploaded file, in MB of 1024 × 1024 bytes (spec section 9: upload limit 5). */
  uploadLimitMb: number;
  /** Server processes sharing the port (Node's cluster); above 1 only with PostgreSQL. */
  workers: number;
  /** E-mails one signed-in user may have the server send per hour (quotations, customer files, new passwords). */
  mailPerUserPerHour: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are closed. */
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration. Unknown variables are ignored;
 * invalid ones stop the server with every problem listed.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(pickDefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  WORKERS: above 1 needs DATABASE_URL (PGlite is opened by one process only)');
  }
  const dataDir = resolve(e.DATA_DIR);
  let files: FilesConfig;
  try {
    files = filesConfigOf(e, dataDir);
  } catch (error) {
    if (!(error instanceof FilesConfigError)) throw error;
    throw new ConfigError(`Invalid configuration:\n${error.problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    files,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    tokenSecret: e.TOKEN_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    skipPwaBuild: e.SKIP_PWA_BUILD,
    distDir: resolve(e.DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    uploadLimitMb: e.UPLOAD_LIMIT_MB,
    workers: e.WORKERS,
    mailPerUserPerHour: e.MAIL_PER_USER_PER_HOUR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** Only the variables this server knows, so `undefined` falls back to the defaults. */
function pickDefined(env: Record<string, string | undefined>): Record<string, string> {
  const known = Object.keys(envSchema.shape);
  return Object.fromEntries(known.flatMap((key) => (env[key] === undefined ? [] : [[key, env[key]!] as const])));
}
