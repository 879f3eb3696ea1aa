/**
 * `GET api/pdf/sample/{id}` (spec samples.md section 7): the sample's PDF,
 * built with the one template of src/pdf/sample (the device prints the same
 * document offline). Needs the `samples` module like every sample call; a
 * customer-type user gets only their customers' samples (403 otherwise),
 * and only once the sample is approved or issued (403 'Os resultados desta
 * amostra ficam disponíveis após a aprovação.'; issue 28).
 * Answers `application/pdf`, shown inline.
 */
import { z } from 'zod';
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import type { FileStore } from '@server/files/file-store';
import { notFound } from '@server/http/errors';
import { samplePdf } from '@server/pdf/sample-pdf';
import { idParam } from '@server/sync/crud-routes';
import { assertSampleCustomer, SAMPLE_READ } from './access';
import { assertResultsVisible } from './customer-view';
import { loadSamples } from './load';

export function registerSamplePdf(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.get('/api/pdf/sample/:id', { config: SAMPLE_READ, schema: { params: z.object({ id: idParam }) } }, async (request, reply) => {
    const [sample] = await loadSamples(ctx.db, [request.params.id]);
    if (!sample) throw notFound(SAMPLE_MESSAGES.notFound);
    assertSampleCustomer(request, sample.customer_id);
    assertResultsVisible(request, sample);
    const bytes = await samplePdf(ctx.db, sample, storage, ctx.config.publicUrl);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="amostra-${sample.quotation_id}-${sample.sample_no}.pdf"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
