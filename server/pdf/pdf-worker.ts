/**
 * Renders documents in the server's PDF worker pool (pdf-pool.ts: two
 * worker threads, each job bounded in time and memory, a bounded queue),
 * so a PDF (about 140 ms for 100 agent rows, bench part `pdf`) never holds
 * the server's event loop, and no document can stall the others. The pool
 * is created on the first PDF and lives as long as the process. The pool's
 * refusals reach the caller as HttpErrors (422 too heavy, 503 busy;
 * pdf-http-errors.ts), so every route that renders answers them alike.
 */
import type { QuotationPdfInput } from '@/pdf/quotation';
import type { SamplePdfInput } from '@/pdf/sample';
import { pdfHttpError } from './pdf-http-errors';
import { createPdfPool, type PdfPool } from './pdf-pool';
import type { RenderRequest } from './render-worker';

let pool: PdfPool | null = null;

/** Makes the server render in `replacement` (tests: a pool with tiny limits); returns the undo. */
export function usePdfPool(replacement: PdfPool): () => void {
  const previous = pool;
  pool = replacement;
  return () => {
    pool = previous;
  };
}

/** For GET api/ready: the pool can render (true before the first PDF, when no worker was needed yet). */
export function pdfWorkersAlive(): boolean {
  return pool ? pool.alive() : true;
}

async function renderInWorker(request: RenderRequest): Promise<Buffer> {
  pool ??= createPdfPool();
  try {
    return await pool.render(request);
  } catch (error) {
    throw pdfHttpError(error);
  }
}

/** The quotation's PDF bytes, rendered in the pool. */
export function renderQuotationInWorker(input: QuotationPdfInput): Promise<Buffer> {
  return renderInWorker({ document: 'quotation', input });
}

/** The sample's PDF bytes, rendered in the pool. */
export function renderSampleInWorker(input: SamplePdfInput): Promise<Buffer> {
  return renderInWorker({ document: 'sample', input });
}
