/**
 * A PDF worker thread (server/pdf/pdf-pool.ts starts and bounds them):
 * builds a document from its input with the template of src/pdf and
 * renders it, off the server's event loop. Says `{ ready: true }` once its
 * modules are loaded (the pool starts a job's clock only then, so a job is
 * not charged for the worker's start), then renders one job at a time:
 * `{ id, bytes }` or `{ id, error }`. Its heap is bounded by the pool's
 * resourceLimits, and the pool ends it when a job runs past its time.
 */
import { parentPort } from 'node:worker_threads';
import { buildQuotationDocument, type QuotationPdfInput } from '@/pdf/quotation';
import { buildSampleDocument, type SamplePdfInput } from '@/pdf/sample';
import { renderPdf } from './render';

/** What a caller asks for: a document and its input. */
export type RenderRequest = { document: 'quotation'; input: QuotationPdfInput } | { document: 'sample'; input: SamplePdfInput };
export type RenderJob = { id: number } & RenderRequest;
type RenderAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };
export type WorkerMessage = RenderAnswer | { ready: true };

parentPort?.on('message', (job: RenderJob) => {
  // Built inside the promise: a template that throws fails its job, not the worker.
  Promise.resolve(job)
    .then((next) => renderPdf(next.document === 'sample' ? buildSampleDocument(next.input) : buildQuotationDocument(next.input)))
    .then(
      (bytes) =>
        parentPort!.postMessage({ id: job.id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } satisfies WorkerMessage),
      (error: unknown) =>
        parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage),
    );
});
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
