/**
 * Cross-cutting request hooks, installed on the root instance in this order
 * before any route. Authentication must come first (it sets request.auth);
 * permissions next; then the batch's check of its writes' routes and the pull batch's of its reads'. Later extensions (idempotency keys, If-Match
 * concurrency) slot in after them, one line each. Last, no hook but a timer: PGlite's VACUUM (sync/pglite-vacuum.ts).
 */
import type { AppPlugin } from './app-context';
import { authenticationPlugin } from './auth/authenticate';
import { permissionsPlugin } from './auth/permissions';
import { batchItemsPlugin } from './routes/sync-batch';
import { idempotencyPlugin } from './sync/idempotency-plugin';
import { pgliteVacuumPlugin } from './sync/pglite-vacuum';
import { pullBatchReadsPlugin } from './sync/pull-batch-route';

export const appPlugins: AppPlugin[] = [
  authenticationPlugin,
  permissionsPlugin,
  batchItemsPlugin,
  pullBatchReadsPlugin,
  idempotencyPlugin,
  pgliteVacuumPlugin,
];
