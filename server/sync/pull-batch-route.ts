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
 * `take` rows and never more than the rows the answer has left; a list whose
 * page was full is read on, page after page, while the answer has rows and
 * bytes left, and its pages go as one (joinPages); once the answer holds
 * `rows` rows or MAX_PULL_BATCH_BYTES of JSON, or a list goes on, the lists
 * after it are answered `later`. The first list asked for is always read,
 * so every call moves the pull forward.
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
  cursorAfter,
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
type PageRead = Read & { answer: Extract<PullBatchListAnswer, { state: 'page' }> };
type WirePage = { list: Array<{ id: number; updated_at: string }>; deleted_ids: number[] };

/**
 * Two consecutive pages of one list as one: the rows in order, the deleted ids
 * of both (as the device would have gathered them page by page), the first
 * page's server_time and total (counted from the cursor asked for), the second's `more`.
 */
function joinPages(first: PageRead, next: PageRead): PageRead {
  const a = first.answer.page as WirePage;
  const b = next.answer.page as WirePage;
  const page = { ...a, list: [...a.list, ...b.list], deleted_ids: [...a.deleted_ids, ...b.deleted_ids] };
  return { answer: { state: 'page', more: next.answer.more, page }, rows: first.rows + next.rows, bytes: first.bytes + next.bytes };
}

const isPage = (read: Read): read is PageRead => read.answer.state === 'page';

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
          let read = await readList(app, request, list, Math.min(take, rowsLeft));
          rowsLeft -= read.rows;
          bytes += read.bytes;
          // A list that goes on is read on from its last row while the answer has room: a large list's
          // pages then cost a round trip per answer, not per page (10,000 agents: 5 calls, not 10).
          while (isPage(read) && read.answer.more && rowsLeft > 0 && bytes < MAX_PULL_BATCH_BYTES) {
            const next = await readList(app, request, cursorAfter(list, (read.answer.page as WirePage).list.at(-1)!), Math.min(take, rowsLeft));
            // A refusal between two pages (the rights changed meanwhile): what was read goes; the device asks again.
            if (!isPage(next)) break;
            read = joinPages(read, next);
            rowsLeft -= next.rows;
            bytes += next.bytes;
          }
          answers.push(read.answer);
          // A list that goes on keeps the lists after it for later: its next pages come first.
          if (isPage(read) && read.answer.more) open = false;
        }
        return { lists: answers };
      },
    );
  },
};
