/**
 * A write's answer kept in the write's own transaction, so "applied" and
 * "answered" are one fact for its Idempotency-Key
 * (docs/decisions/crash-replays.md).
 *
 * The idempotency plugin stores a first answer as it is sent, after the
 * handler's transaction has committed. A process killed between the two
 * left the write applied and its key without an answer; the device's
 * replay then ran the write again, and its If-Match, stale by the write
 * itself, made it a 409 conflict for the user to settle. So a write route
 * ends its transaction with `keepAnswer`: the answer is serialized by the
 * route's response schema and, when the request holds a key, stored on the
 * key's row in the same transaction; after the commit `sendKept` sends
 * those very bytes. A replay finds the answer whenever the write happened.
 *
 * The key's row must still be this request's claim: if another process took
 * it over meanwhile (this one looked dead to it), the write is rolled back
 * and answered 409 "Requisição em andamento" with Retry-After, so it still
 * runs once. The claims themselves are registered here by the plugin.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { IDEMPOTENCY_MESSAGES } from './idempotency-messages';
import { storeResponse, type KeyId } from './idempotency-store';

/** A request's key: claimed (running), kept (its answer committed with its write) or done (answered). */
export type Claim = { id: KeyId; owner: number | null; state: 'claimed' | 'kept' | 'done' };

export type KeptAnswer = { status: number; payload: string | undefined; claim: Claim | undefined };

const JSON_TYPE = 'application/json; charset=utf-8';
const claims = new WeakMap<FastifyRequest, Claim>();

/** Registers the key a request claimed (the idempotency plugin). */
export function holdClaim(request: FastifyRequest, claim: Claim): void {
  claims.set(request, claim);
}

export function claimOf(request: FastifyRequest): Claim | undefined {
  return claims.get(request);
}

/**
 * Last step of a write's transaction: the answer it will send (`body`
 * undefined: none, as a 204), serialized, and stored with the write when the
 * request holds a key.
 */
export async function keepAnswer(tx: Tx, request: FastifyRequest, reply: FastifyReply, status: number, body?: unknown): Promise<KeptAnswer> {
  // The route's serializer for this status, as Fastify would apply it on send.
  reply.code(status);
  const payload = body === undefined ? undefined : (reply.serialize(body) as string);
  const claim = claims.get(request);
  if (claim?.state === 'claimed') {
    const response = { status, contentType: payload === undefined ? null : JSON_TYPE, body: payload ?? null };
    if (!(await storeResponse(tx, claim.id, response, claim.owner))) {
      throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { headers: { 'retry-after': '1' } });
    }
  }
  return { status, payload, claim };
}

/** Sends a kept answer once its transaction has committed: the bytes stored, unchanged. */
export function sendKept(reply: FastifyReply, kept: KeptAnswer): FastifyReply {
  if (kept.claim?.state === 'claimed') kept.claim.state = 'kept';
  reply.code(kept.status);
  return kept.payload === undefined ? reply.send() : reply.header('content-type', JSON_TYPE).send(kept.payload);
}
