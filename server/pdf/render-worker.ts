/**
 * The PDF worker thread (server/pdf/pdf-worker.ts starts it): builds a
 * document from its input with the template of src/pdf and renders it, off
 * the server's event loop. One request at a time per message; answers
 * `{ id, bytes }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { buildQuotationDocument, type QuotationPdfInput } from '@/pdf/quotation';
import { buildSampleDocument, type SamplePdfInput } from '@/pdf/sample';
import { renderPdf } from './render';

export type RenderJob = { id: number } & ({ document: 'quotation'; input: QuotationPdfInput } | { document: 'sample'; input: SamplePdfInput });
export type RenderAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: RenderJob) => {
  renderPdf(job.document === 'sample' ? buildSampleDocument(job.input) : buildQuotationDocument(job.input)).then(
    (bytes) =>
      parentPort!.postMessage({ id: job.id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } satisfies RenderAnswer),
    (error: unknown) => parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer),
  );
});
