/**
 * The environment of a server command spawned by a test (the server,
 * seed:demo…, compiled-commands.ts): only what the commands need, no npm
 * variables, so the recorded command is `node <script>`; a data folder of
 * the test's own, no PWA build, a random loopback port.
 */
import { join } from 'node:path';
import { ADMIN } from './test-app';

export function commandEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    SKIP_PWA_BUILD: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
