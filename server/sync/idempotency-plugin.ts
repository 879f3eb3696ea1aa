/**
 * `Idempotency-Key` on POST, PUT and DELETE under /api (docs/sync-protocol.md):
 * the first response per (user, key) is stored for 24 hours and a replay of
 * the key gets it back, unchanged, without running anything again. So a
 * device whose answer was lost can send the same write again: the record is
 * not created twice and an e-mail is not sent twice.
 *
 * - A replay for another method or path, or with another body, answers 422
 *   (the body is compared by a SHA-256 of its parsed JSON with sorted keys,
 *   so spacing and key order do not matter; a multipart upload's bytes are
 *   not part of it).
 * - The key is claimed in preValidation: after authentication, the route's
 *   permission check and the body parser (the body must be known), before
 *   the schemas, so a refusal by the schema is stored like any answer.
 * - A duplicate arriving while the first is still running waits for it
 *   briefly, then answers 409 with Retry-After (it never runs in parallel).
 * - Stored: 2xx and the 4xx that say something about the request itself.
 *   Not stored (the key is given back, so a retry runs again): 5xx, 401,
 *   403 (permissions may change), 408 and 429, and non-text bodies (files).
 * - Requests without the header, or not signed in, are untouched.
 * - `user-<id>:<key>` names whose key it is: an administrator delivering a
 *   colleague's unsent data counts each write under that colleague's key
 *   (idempotency-scope.ts); anyone else naming another user gets 403.
 *
 * A first request still running in this process keeps its key whatever its
 * age on the wall clock (a slow upload, a clock stepped forward); the
 * 60-second lease only frees keys of a process that died. Other processes
 * (WORKERS, other machines) see it alive through the lease this process
 * renews every 15 s while the request runs (idempotency-store.ts), and
 * through its liveness mark in the database (process-liveness.ts): the
 * claim of a process that died is taken over at once.
 *
 * A write route keeps its answer in its own transaction (idempotent-answer.ts:
 * the crud routes and the line and command routes the device pushes), so a
 * crash between the commit and the answer still leaves the answer for the
 * replay (docs/decisions/crash-replays.md). For other routes the response is
 * stored here, as it is sent, after their transaction: a crash between the
 * two lets a retry run again.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@sync/contract/sync';
import type { AppContext, AppPlugin, ZodApp } from '../app-context';
import { HttpError } from '../http/errors';
import { claimOf, holdClaim, type Claim } from './idempotent-answer';
import { IDEMPOTENCY_MESSAGES } from './idempotency-messages';
import {
  claimKey,
  IDEMPOTENCY_LEASE_MS,
  purgeExpiredKeys,
  releaseKey,
  renewLease,
  storeResponse,
  type KeyId,
  type StoredResponse,
} from './idempotency-store';
import { matchedPath } from '../http/request-target';
import { keyIdOf } from './idempotency-scope';
import { holdLiveness } from './process-liveness';

export { IDEMPOTENCY_MESSAGES };

/** Response header on a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const NOT_STORED = new Set([401, 403, 408, 429]);
/** A key the server accepts: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Longest a first request is trusted to be still running in this process, past the lease. */
const RUNNING_HERE_MAX_MS = 10 * 60_000;

export type IdempotencyOptions = {
  /** How long a duplicate waits for the first request before answering 409. */
  waitMs?: number;
  pollMs?: number;
  /** Expired keys are purged at most this often, after a request, off its path. */
  purgeEveryMs?: number;
  /** How often the leases of first requests running here are renewed (well inside IDEMPOTENCY_LEASE_MS). */
  heartbeatMs?: number;
};

function keyHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(raw) ? raw[0] : raw;
}

function applies(request: FastifyRequest): boolean {
  // The matched route, not the URL: every spelling of an API path is the same write.
  return WRITE_METHODS.has(request.method) && request.routeOptions.url?.startsWith('/api/') === true && request.auth !== null;
}

/** The write's path as the router read it, with its query as sent (a query changes what a write is). */
function matchedPathWithQuery(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  return `${matchedPath(request)}${queryAt === -1 ? '' : request.url.slice(queryAt)}`;
}

function isStorable(status: number): boolean {
  return status < 500 && !NOT_STORED.has(status);
}

function replay(reply: FastifyReply, stored: StoredResponse) {
  reply.code(stored.status).header(REPLAYED_HEADER, 'true');
  reply.header('content-type', stored.contentType ?? 'application/json; charset=utf-8');
  return reply.send(stored.body ?? undefined);
}

/** JSON with object keys sorted, so the same content always gives the same text (depth is bounded by the JSON parser). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a request's parsed body (none: the same as an empty one). */
export function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createIdempotencyPlugin(options: IdempotencyOptions = {}): AppPlugin {
  const waitMs = options.waitMs ?? 3_000;
  const pollMs = options.pollMs ?? 50;
  const purgeEveryMs = options.purgeEveryMs ?? 10 * 60_000;
  const heartbeatMs = options.heartbeatMs ?? IDEMPOTENCY_LEASE_MS / 4;

  return {
    name: 'idempotency',
    async install(app: ZodApp, ctx: AppContext) {
      const liveness = await holdLiveness(ctx.db);
      // Keys whose first request this process is running, with when it started on a monotonic clock: not
      // taken over by the lease, whatever the wall clock says, for as long as a request can reasonably last
      // (a bound, so a request that somehow never reached onSend or onResponse cannot hold its key forever).
      const runningHere = new Map<string, number>();
      const runningId = (id: KeyId) => `${id.userId}\u0000${id.key}`;
      const isRunningHere = (id: KeyId) => performance.now() - (runningHere.get(runningId(id)) ?? Number.NEGATIVE_INFINITY) < RUNNING_HERE_MAX_MS;
      let lastPurge = Number.NEGATIVE_INFINITY;
      // The lease start (created_at) of each first request running here, renewed by the heartbeat.
      const leases = new Map<string, { id: KeyId; since: number }>();
      const heartbeat = setInterval(() => {
        for (const [name, lease] of leases) {
          const to = ctx.clock.now();
          if (to <= lease.since) continue;
          ctx.background.run('renew an idempotency lease', async () => {
            const renewed = await renewLease(ctx.db, lease.id, lease.since, to);
            if (leases.get(name) !== lease) return; // finished meanwhile
            if (renewed) lease.since = to;
            else leases.delete(name);
          });
        }
      }, heartbeatMs);
      heartbeat.unref();
      app.addHook('onClose', async () => {
        clearInterval(heartbeat);
        // A request cut by the shutdown's bound may still commit after this: a kept answer then finds its key
        // taken over and rolls its write back (idempotent-answer.ts).
        await liveness.release();
      });

      function purgeNow() {
        const now = ctx.clock.now();
        if (now - lastPurge < purgeEveryMs) return;
        lastPurge = now;
        ctx.background.run('purge expired idempotency keys', () => purgeExpiredKeys(ctx.db, now));
      }

      app.addHook('preValidation', async (request, reply) => {
        if (!applies(request)) return;
        const key = keyHeader(request);
        if (key === undefined) return;
        if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
        // Usually the caller's own key; an administrator may deliver a colleague's (idempotency-scope.ts).
        const id: KeyId = await keyIdOf(ctx.db, request.auth!, key);
        const target = { method: request.method, path: matchedPathWithQuery(request), hash: bodyHash(request.body) };
        const deadline = Date.now() + waitMs;
        for (;;) {
          const claimedAt = ctx.clock.now();
          const result = await claimKey(ctx.db, id, target, claimedAt, isRunningHere(id), liveness.owner);
          if (result.kind === 'claimed') {
            holdClaim(request, { id, owner: liveness.owner, state: 'claimed' });
            runningHere.set(runningId(id), performance.now());
            leases.set(runningId(id), { id, since: claimedAt });
            return;
          }
          if (result.kind === 'stored') return replay(reply, result.response);
          if (result.kind === 'mismatch') {
            throw new HttpError(422, result.reason === 'body' ? IDEMPOTENCY_MESSAGES.bodyChanged : IDEMPOTENCY_MESSAGES.keyReused);
          }
          if (Date.now() >= deadline) {
            throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { headers: { 'retry-after': '1' } });
          }
          await sleep(pollMs);
        }
      });

      const finished = (entry: Claim) => {
        entry.state = 'done';
        runningHere.delete(runningId(entry.id));
        leases.delete(runningId(entry.id));
      };

      app.addHook('onSend', async (request, reply, payload) => {
        const entry = claimOf(request);
        if (entry?.state === 'kept') {
          // Stored with the write, in its transaction (idempotent-answer.ts).
          finished(entry);
          purgeNow();
          return payload;
        }
        if (entry?.state !== 'claimed') return payload;
        entry.state = 'done';
        try {
          const textual = typeof payload === 'string' || payload === null || payload === undefined;
          if (isStorable(reply.statusCode) && textual) {
            const contentType = reply.getHeader('content-type');
            const response = {
              status: reply.statusCode,
              contentType: typeof contentType === 'string' ? contentType : null,
              body: typeof payload === 'string' ? payload : null,
            };
            await storeResponse(ctx.db, entry.id, response, entry.owner);
          } else {
            await releaseKey(ctx.db, entry.id, entry.owner);
          }
        } catch (err) {
          // The write already happened; the answer still goes out. The key stays "running" until its lease ends.
          request.log.error({ err }, 'could not store the idempotent response');
        } finally {
          finished(entry);
        }
        purgeNow();
        return payload;
      });

      // A request that ended without a response being sent (aborted before onSend) gives its key back.
      app.addHook('onResponse', async (request) => {
        const entry = claimOf(request);
        if (entry?.state !== 'claimed') return;
        entry.state = 'done';
        await releaseKey(ctx.db, entry.id, entry.owner).catch((err: unknown) => request.log.error({ err }, 'could not release an idempotency key'));
        finished(entry);
      });
    },
  };
}

export const idempotencyPlugin = createIdempotencyPlugin();
