/**
 * `GET api/sync/answer` (sync/contract/stored-answer.ts): the answer the
 * server keeps for the caller's Idempotency-Key, so a device that lost a
 * photo upload's answer learns it instead of sending the bytes again. Read
 * only: it claims nothing, so asking never blocks or changes the write it
 * asks about. The key is read as the idempotency plugin reads it (a
 * `user-<id>:` key only for an administrator, idempotency-scope.ts): a
 * caller reaches only its own answers.
 */
import { IDEMPOTENCY_HEADER } from '@sync/contract/sync';
import { readAnswerBody } from '@sync/contract/batch';
import { STORED_ANSWER_MESSAGES, STORED_ANSWER_PATH, storedAnswerSchema } from '@sync/contract/stored-answer';
import type { RouteModule } from '../app-context';
import { access } from '../auth/access';
import { HttpError } from '../http/errors';
import { IDEMPOTENCY_MESSAGES } from './idempotency-messages';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-plugin';
import { readKeptAnswer } from './idempotency-store';
import { keyIdOf } from './idempotency-scope';

export const storedAnswerRoutes: RouteModule = {
  name: 'sync-stored-answer',
  register(app, ctx) {
    app.get(
      `/${STORED_ANSWER_PATH}`,
      {
        config: { access: access.signedIn({ customerUsers: 'self' }), notInBatch: true },
        schema: { response: { 200: storedAnswerSchema } },
      },
      async (request) => {
        const key = request.headers[IDEMPOTENCY_HEADER];
        if (typeof key !== 'string' || key === '') throw new HttpError(400, STORED_ANSWER_MESSAGES.missingKey);
        if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
        const kept = await readKeptAnswer(ctx.db, await keyIdOf(ctx.db, request.auth!, key), ctx.clock.now());
        if (kept.kind === 'running') throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { headers: { 'retry-after': '1' } });
        if (kept.kind === 'none') throw new HttpError(404, STORED_ANSWER_MESSAGES.none);
        return { status: kept.response.status, body: kept.response.body === null ? null : readAnswerBody(kept.response.body) };
      },
    );
  },
};
