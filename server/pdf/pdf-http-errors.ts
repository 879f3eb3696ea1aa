/**
 * The PDF pool's refusals (pdf-pool.ts) as HTTP answers with a Portuguese
 * message, for every route that renders a PDF (the PDF itself, the
 * quotation's e-mail): a job past its time or memory limit is the
 * document's doing, so 422 (retrying the same document cannot help; the
 * device shows the message); busy workers are passing, so 503 with
 * Retry-After (the device's outbox waits and retries).
 */
import { HttpError } from '@server/http/errors';
import { PdfBusyError, PdfJobTooHeavyError } from './pdf-pool';

export const PDF_LIMIT_MESSAGES = {
  tooHeavy: 'Este documento é grande demais para gerar o PDF. Reduza o texto ou as imagens e tente de novo.',
  busy: 'O gerador de PDF está ocupado. Tente de novo em instantes.',
} as const;

/** About one normal document's time per waiting job ahead; short, so the device retries soon. */
export const PDF_BUSY_RETRY_AFTER_SECONDS = 5;

/** The HttpError a pool refusal answers with; any other error as it is (a 500). */
export function pdfHttpError(error: unknown): unknown {
  if (error instanceof PdfJobTooHeavyError) return new HttpError(422, PDF_LIMIT_MESSAGES.tooHeavy);
  if (error instanceof PdfBusyError) {
    return new HttpError(503, PDF_LIMIT_MESSAGES.busy, { headers: { 'retry-after': String(PDF_BUSY_RETRY_AFTER_SECONDS) } });
  }
  return error;
}
