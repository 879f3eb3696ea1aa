/**
 * The customers area of the API (issue 5), one route module registered from
 * server/routes/index.ts: customers (customers.ts), their addresses,
 * contact and files, and the new-files e-mail. Multipart parsing is
 * registered here, in this module's scope only; the file storage
 * (DATA_DIR/files) is shared by the file calls and the customer delete.
 */
import fastifyMultipart from '@fastify/multipart';
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { openFileStore } from '@server/files/open-file-store';
import { limitBytes } from '@server/files/multipart-upload';
import { registerAddressRoutes } from './addresses';
import { registerContactRoutes } from './contacts';
import { registerCustomerCrud } from './customers';
import { registerFileRoutes } from './files';
import { registerNotifyRoute } from './notify';

async function register(app: ZodApp, ctx: AppContext) {
  const storage = await openFileStore(ctx.config.files, ctx.clock.now());
  await app.register(fastifyMultipart, { limits: { fileSize: limitBytes(ctx.config.uploadLimitMb), files: 1 } });
  registerCustomerCrud(app, ctx, storage);
  registerAddressRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerFileRoutes(app, ctx, storage);
  registerNotifyRoute(app, ctx);
}

export const customerRoutes: RouteModule = { name: 'customers', register };
