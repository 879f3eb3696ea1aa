/**
 * `GET api/sync/pull` (sync/contract/pull-batch.ts): the next page of
 * several lists in one answer. Each list is read through its own list call
 * (Fastify's inject, with the caller's Authorization header and
 * `updated_since`/`after_id`), so its access declaration, a customer-type
 * user's narrowing, the deleted ids that user may learn and the answer's
 * shape are exactly those of the call made alone; a list the caller may not
 * read comes back `refused` with that call's 403. Nothing of a list's rules
 * is repeated here.
 *
 * Bounded: the lists are read one after the other, each page at most
 * `take` rows and never more than the rows the answer has left; once the
 * answer holds `rows` rows or MAX_PULL_BATCH_BYTES of JSON, or a list's page
 * was full (it goes on), the lists after it are answered `later`. The first
 * list asked for is always read, so every call moves the pull forward.
 *
 * Only pull lists may be read this way: a read the batch makes carries a
 * mark only this process knows, and the hook below refuses it (400, nothing
 * run) unless the route it matched is a GET whose query takes
 * `updated_since`. A file download or a backup never ends up buffered here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { readAnswerBody } from '@sync/contract/batch';
import {
  isPagedList,
  listPagePath,
  MAX_PULL_BATCH_BYTES,
  MAX_PULL_BATCH_ROWS,
  PULL_BATCH_MESSAGES,
  PULL_BATCH_PATH,
  pullBatchAnswerSchema,
  pullBatchQuerySchema,
  type PullBatchList,
  type PullBatchListAnswer,
} from '@sync/contract/pull-batch';
import { DEVICE_HEADER } from '@sync/contract/samples/review';
import type { AppPlugin, RouteModule, ZodApp } from '../app-context';
import { access } from '../auth/access';
import { badRequest } from '../http/errors';

const READ_HEADER = 'x-pull-batch-read';
const READ_MARK = randomBytes(18).toString('base64url');

/** True when the matched route is a pull list: a GET whose query schema takes `updated_since`. */
function isPullList(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const query = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return query?.shape?.updated_since !== undefined;
}

/** Refuses a pull batch's read whose matched route is not a pull list. */
export const pullBatchReadsPlugin: AppPlugin = {
  name: 'pull-batch-reads',
  install(app) {
    app.addHook('onRequest', async (request) => {
      if (request.headers[READ_HEADER] !== READ_MARK || request.is404) return;
      if (!isPullList(request)) throw badRequest(PULL_BATCH_MESSAGES.notAList);
    });
  },
};

type Read = { answer: PullBatchListAnswer; rows: number; bytes: number };

async function readList(app: ZodApp, request: FastifyRequest, list: PullBatchList, take: number): Promise<Read> {
  const query = new URLSearchParams({ updated_since: list.updated_since });
  if (list.after_id !== undefined) query.set('after_id', String(list.after_id));
  const headers: Record<string, string> = { accept: 'application/json', [READ_HEADER]: READ_MARK };
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  // Who asks, for the request log: the batch's own device and browser.
  const device = request.headers[DEVICE_HEADER];
  if (typeof device === 'string') headers[DEVICE_HEADER] = device;
  if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
  const answer = await app.inject({ method: 'GET', url: `/${listPagePath(list.path, take)}?${query}`, headers, remoteAddress: request.ip });
  const bytes = answer.rawPayload.byteLength;
  const body = readAnswerBody(answer.payload);
  if (answer.statusCode !== 200) return { answer: { state: 'refused', status: answer.statusCode, body }, rows: 0, bytes };
  const rows = (body as { list?: unknown } | null)?.list;
  // The hook lets only pull lists through, and those answer the pull shape when given updated_since.
  if (!Array.isArray(rows)) return { answer: { state: 'refused', status: 400, body: { message: PULL_BATCH_MESSAGES.notAList } }, rows: 0, bytes };
  return { answer: { state: 'page', more: isPagedList(list.path) && rows.length >= take, page: body }, rows: rows.length, bytes };
}

export const syncPullBatchRoutes: RouteModule = {
  name: 'sync-pull-batch',
  register(app) {
    app.get(
      `/${PULL_BATCH_PATH}`,
      {
        // Any signed-in user: each list is then judged by its own call, as if it had come alone.
        config: { access: access.signedIn({ customerUsers: 'self' }), notInBatch: true },
        schema: { querystring: pullBatchQuerySchema, response: { 200: pullBatchAnswerSchema } },
      },
      async (request) => {
        const { take, rows = MAX_PULL_BATCH_ROWS, list: lists } = request.query;
        const answers: PullBatchListAnswer[] = [];
        let rowsLeft = rows;
        let bytes = 0;
        let open = true;
        // One list after the other, in the order asked: the device applies them in that order.
        for (const list of lists) {
          if (!open || rowsLeft <= 0 || bytes >= MAX_PULL_BATCH_BYTES) {
            answers.push({ state: 'later' });
            continue;
          }
          const read = await readList(app, request, list, Math.min(take, rowsLeft));
          answers.push(read.answer);
          rowsLeft -= read.rows;
          bytes += read.bytes;
          // A list that goes on keeps the lists after it for later: its next pages come first.
          if (read.answer.state === 'page' && read.answer.more) open = false;
        }
        return { lists: answers };
      },
    );
  },
};
