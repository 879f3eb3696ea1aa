/**
 * The users area of the API (issue 12), one route module registered from
 * server/routes/index.ts: managing users (user-writes.ts), their images
 * (user-image.ts), the profile (profile.ts) and the user-customer links
 * (customer-links.ts). Multipart parsing is registered here, in this
 * module's scope only; images are kept under DATA_DIR/files.
 */
import fastifyMultipart from '@fastify/multipart';
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { limitBytes } from '@server/files/multipart-upload';
import { openFileStore } from '@server/files/open-file-store';
import { registerCustomerLinks } from './customer-links';
import { registerProfileRoute } from './profile';
import { registerUserImageRoute } from './user-image';
import { registerUserWrites } from './user-writes';

async function register(app: ZodApp, ctx: AppContext) {
  const storage = await openFileStore(ctx.config.files, ctx.clock.now());
  await app.register(fastifyMultipart, { limits: { fileSize: limitBytes(ctx.config.uploadLimitMb), files: 1 } });
  registerProfileRoute(app, ctx, storage);
  registerUserWrites(app, ctx, storage);
  registerUserImageRoute(app, ctx, storage);
  registerCustomerLinks(app, ctx);
}

export const usersRoutes: RouteModule = { name: 'users', register };
