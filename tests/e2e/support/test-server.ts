/**
 * The test server of the worker running this file: global-setup.ts starts one
 * per worker and vitest numbers its workers from 1 (VITEST_POOL_ID).
 */
import { inject } from 'vitest';
import type { E2eServer } from './global-setup';

export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started (global-setup.ts)');
  return server;
}
