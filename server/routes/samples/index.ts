/**
 * The samples area of the API (issue 13), one route module registered from
 * server/routes/index.ts: the sample's CRUD (crud.ts), the sampling plan
 * (plan.ts), the list grouped by quotation (grouped.ts) and the files
 * (files.ts; multipart parsing in this module's scope only) and the
 * sample's PDF (pdf.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { limitBytes } from '@server/files/multipart-upload';
import { FileStorage, filesFolder } from '@server/files/storage';
import { registerSampleCrud } from './crud';
import { registerSampleFileRoutes } from './files';
import { registerSampleGroups } from './grouped';
import { registerMultipartSave } from './multipart-save';
import { registerSamplePdf } from './pdf';
import { registerSamplePlan } from './plan';

async function register(app: ZodApp, ctx: AppContext) {
  const storage = new FileStorage(filesFolder(ctx.config.dataDir));
  await storage.init(ctx.clock.now());
  await app.register(fastifyMultipart, { limits: { fileSize: limitBytes(ctx.config.uploadLimitMb), files: 1 } });
  // Fixed paths first in the file for the reader; Fastify prefers static segments anyway.
  registerSamplePlan(app, ctx);
  registerSampleGroups(app, ctx);
  registerSampleFileRoutes(app, ctx, storage);
  registerMultipartSave(app, ctx, storage);
  registerSampleCrud(app, ctx);
  registerSamplePdf(app, ctx, storage);
}

export const sampleRoutes: RouteModule = { name: 'samples', register };
