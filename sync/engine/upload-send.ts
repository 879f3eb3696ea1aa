/**
 * Sending an upload (a photo, a customer's file) again without sending its
 * bytes twice (issue 26): an upload that was sent before may have arrived
 * whole with only its answer lost (a buffered uplink, a timeout while the
 * server was answering), so it first asks the server for the answer it keeps
 * under the write's Idempotency-Key (sync/contract/stored-answer.ts, one
 * small GET) and uploads only when there is none. A first send goes at once.
 */
import { storedAnswerSchema, STORED_ANSWER_PATH } from '../contract/stored-answer';
import { IDEMPOTENCY_HEADER } from '../contract/sync';
import type { HttpOutcome, HttpRequest, Transport } from './transport';

export async function sendUpload(transport: Transport, request: HttpRequest, sentBefore: boolean): Promise<HttpOutcome> {
  const key = request.headers?.[IDEMPOTENCY_HEADER];
  if (sentBefore && key) {
    const asked = await transport.send({ method: 'GET', path: STORED_ANSWER_PATH, headers: { [IDEMPOTENCY_HEADER]: key } });
    // No answer: the upload would have met the same network; the run ends as it would have.
    if (asked.kind !== 'response') return asked;
    if (asked.status === 200) {
      const kept = storedAnswerSchema.safeParse(asked.body);
      if (kept.success) return { kind: 'response', status: kept.data.status, body: kept.data.body };
    }
    // Still running on the server: wait as for any duplicate in flight (409, Retry-After).
    if (asked.status === 409) return asked;
    // 404 (nothing kept) or a server without the call: the bytes go again.
  }
  return transport.send(request);
}
