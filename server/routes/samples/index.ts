/**
 * The samples area of the API (issue 13), one route module registered from
 * server/routes/index.ts: the sample's CRUD (crud.ts), the sampling plan
 * (plan.ts), the list grouped by quotation (grouped.ts) and the files
 * (files.ts; multipart parsing in this module's scope only), the
 * sample's PDF (pdf.ts), and review and approval (issue 28): the review
 * commands (review-routes.ts), the history and comments (history-routes.ts)
 * and the public verification of a report's code (verify-route.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { limitBytes } from '@server/files/multipart-upload';
import { openFileStore } from '@server/files/open-file-store';
import { registerSampleCrud } from './crud';
import { registerSampleFileRoutes } from './files';
import { registerSampleGroups } from './grouped';
import { registerMultipartSave } from './multipart-save';
import { registerSamplePdf } from './pdf';
import { registerSamplePlan } from './plan';
import { registerSampleHistory } from './history-routes';
import { registerSampleReview } from './review-routes';
import { registerSampleVerify } from './verify-route';

async function register(app: ZodApp, ctx: AppContext) {
  const storage = await openFileStore(ctx.config.files, ctx.clock.now());
  await app.register(fastifyMultipart, { limits: { fileSize: limitBytes(ctx.config.uploadLimitMb), files: 1 } });
  // Fixed paths first in the file for the reader; Fastify prefers static segments anyway.
  registerSamplePlan(app, ctx);
  registerSampleGroups(app, ctx);
  registerSampleVerify(app, ctx, storage);
  registerSampleFileRoutes(app, ctx, storage);
  registerMultipartSave(app, ctx, storage);
  registerSampleCrud(app, ctx);
  registerSamplePdf(app, ctx, storage);
  registerSampleReview(app, ctx, storage);
  registerSampleHistory(app, ctx);
}

export const sampleRoutes: RouteModule = { name: 'samples', register };
