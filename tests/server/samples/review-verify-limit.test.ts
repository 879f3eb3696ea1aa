/**
 * The public verification is rate-limited per address (issue 28;
 * server/routes/samples/verify-limit.ts): SAMPLE_VERIFY_LIMIT asks in its
 * window, known codes or not, then 429 with Retry-After and a Portuguese
 * message, until the oldest ask leaves the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES as M } from '@sync/contract/samples';
import { SAMPLE_VERIFY_LIMIT } from '@server/routes/samples/verify-limit';
import { tooManyVerificationsMessage } from '@server/routes/samples/verify-route';
import { call, startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('GET api/sample/verify/{code} per address', () => {
  it('answers until the limit, then 429 with Retry-After, and again once the window has passed', async () => {
    for (let ask = 0; ask < SAMPLE_VERIFY_LIMIT.limit; ask++) {
      const reply = await call(t, 'GET', `/api/sample/verify/ABCDEFGHJ${ask % 10}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: M.verifyNotFound });
    }
    const over = await call(t, 'GET', '/api/sample/verify/ABCDEFGHJK');
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SAMPLE_VERIFY_LIMIT.windowMs / 1000);
    expect(over.body).toEqual({ message: tooManyVerificationsMessage(retryAfter) });
    expect(over.body.message).toBe('Muitas verificações a partir deste endereço. Tente novamente em 15 minutos.');

    t.clock.advance(SAMPLE_VERIFY_LIMIT.windowMs + 1);
    expect((await call(t, 'GET', '/api/sample/verify/ABCDEFGHJK')).status).toBe(404);
  });
});
