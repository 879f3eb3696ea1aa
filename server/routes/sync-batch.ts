/**
 * `POST api/sync/batch` (sync/contract/batch.ts): runs each write of the
 * batch through the whole server, one after the other, as if it had come
 * alone (Fastify's inject, with the caller's Authorization header): the same
 * authentication, permission checks, idempotency keys, If-Match and
 * validation, so there is still one write path. Each write's status and
 * body go back in order; a write's failure is its own answer, never the
 * batch's. Only JSON writes under /api go in a batch (not the batch call
 * itself, not sign-in); files are uploaded alone.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  BATCH_BODY_LIMIT,
  BATCH_MESSAGES,
  BATCH_PATH,
  batchRequestSchema,
  batchResponseSchema,
  readAnswerBody,
  type BatchAnswer,
  type BatchItem,
} from '@sync/contract/batch';
import { DEVICE_HEADER } from '@sync/contract/samples/review';
import type { AppPlugin, RouteModule, ZodApp } from '../app-context';
import { access } from '../auth/access';
import { badRequest } from '../http/errors';

const OWN_PATH = `/${BATCH_PATH}`;

/**
 * Marks the requests a batch runs (a header only this process knows): the
 * hook below then judges each by the route it matched. Anyone else's value
 * for the header is just an unknown header.
 */
const ITEM_HEADER = 'x-batch-item';
const ITEM_MARK = randomBytes(18).toString('base64url');

/** Refuses a batch's write whose matched route may not be in a batch. */
export const batchItemsPlugin: AppPlugin = {
  name: 'batch-items',
  install(app) {
    app.addHook('onRequest', async (request) => {
      if (request.headers[ITEM_HEADER] !== ITEM_MARK || request.is404) return;
      const route = request.routeOptions;
      if (route.config.notInBatch || route.config.access?.kind === 'public' || !route.url?.startsWith('/api/')) {
        throw badRequest(BATCH_MESSAGES.notAllowed);
      }
    });
  },
};

/**
 * The URL a batch's write runs at, or null when it may not go in a batch:
 * an API path other than the batch call, read as the router will read it
 * (dot segments resolved, so "api/../oauth/token" is sign-in and refused).
 */
export function batchableUrl(path: string): string | null {
  let url: URL;
  try {
    url = new URL(`/${path.replace(/^\/+/, '')}`, 'http://batch.local');
  } catch {
    return null;
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith('/api/') || pathname === OWN_PATH || /%2e|%2f/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

async function runItem(app: ZodApp, request: FastifyRequest, item: BatchItem): Promise<BatchAnswer> {
  const url = batchableUrl(item.path);
  if (!url) return { status: 400, body: { message: BATCH_MESSAGES.notAllowed } };
  const headers: Record<string, string> = { accept: 'application/json', ...item.headers, [ITEM_HEADER]: ITEM_MARK };
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  // Who sent it, for a sample's history (which device, which browser): the batch's own.
  const device = request.headers[DEVICE_HEADER];
  if (typeof device === 'string') headers[DEVICE_HEADER] = device;
  if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
  if (item.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await app.inject({
    method: item.method,
    url,
    headers,
    payload: item.body === undefined ? undefined : JSON.stringify(item.body),
    remoteAddress: request.ip,
  });
  const retryAfter = answer.headers['retry-after'];
  return {
    status: answer.statusCode,
    body: readAnswerBody(answer.payload),
    ...(retryAfter === undefined ? {} : { retry_after: String(retryAfter) }),
  };
}

export const syncBatchRoutes: RouteModule = {
  name: 'sync-batch',
  register(app) {
    app.post(
      OWN_PATH,
      {
        // Any signed-in user: each write is then judged on its own route, as if it had come alone.
        config: { access: access.signedIn({ customerUsers: 'self' }), notInBatch: true },
        bodyLimit: BATCH_BODY_LIMIT,
        schema: {
          body: batchRequestSchema,
          response: { 200: batchResponseSchema },
        },
      },
      async (request) => {
        const responses: BatchAnswer[] = [];
        // In order, one at a time: a device's batch holds the heads of independent chains, and the
        // server's work per write stays what it would be alone.
        for (const item of request.body.requests) responses.push(await runItem(app, request, item));
        return { responses };
      },
    );
  },
};
