/**
 * Cross-cutting request hooks, installed on the root instance in this order
 * before any route. Authentication must come first (it sets request.auth);
 * permissions next; then the batch's check of its writes' routes. Later extensions (idempotency keys, If-Match
 * concurrency) slot in after them, one line each.
 */
import type { AppPlugin } from './app-context';
import { authenticationPlugin } from './auth/authenticate';
import { permissionsPlugin } from './auth/permissions';
import { batchItemsPlugin } from './routes/sync-batch';
import { idempotencyPlugin } from './sync/idempotency-plugin';

export const appPlugins: AppPlugin[] = [authenticationPlugin, permissionsPlugin, batchItemsPlugin, idempotencyPlugin];
