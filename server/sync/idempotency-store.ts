/**
 * The stored first responses of idempotent writes (table idempotency_keys),
 * per (user, key), kept 24 hours.
 *
 * Claiming a key is one unique insert of a row without status: whoever
 * inserts it runs the request; anyone else with the same key finds the row
 * and either replays its stored response, waits for it, or is refused. A
 * row left without status by a crashed request is taken over after a
 * lease, so a key is never stuck.
 *
 * The lease counts from `created_at`, which the running request's process
 * moves forward while it runs (`renewLease`, a heartbeat every 15 s), so a
 * first request that outlives 60 s in one server process keeps its key
 * against duplicates arriving at another process (WORKERS, several
 * machines); only a process that died stops renewing. Takers delete by the
 * `created_at` they read, so a renewal between their read and their delete
 * makes the delete miss rather than free a live key.
 *
 * A claim also names its process (`owner`, process-liveness.ts): a row
 * without status whose process is gone (killed, crashed) is taken over at
 * once rather than after the lease, so the device's replay after a restart
 * runs the write instead of waiting a minute on 409s. A process stores and
 * releases only its own claims, so a late one never touches a key another
 * process took over (docs/decisions/crash-replays.md).
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { isOwnerAlive } from './process-liveness';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A first request still "running" after this long died with its process; its key may be claimed again. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export type KeyId = { userId: number; key: string };
export type StoredResponse = { status: number; contentType: string | null; body: string | null };

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'stored'; response: StoredResponse }
  | { kind: 'running' }
  /** The key was first used for another method or path (`target`), or with another body (`body`). */
  | { kind: 'mismatch'; reason: 'target' | 'body' };

function byKey(id: KeyId) {
  return and(eq(idempotencyKeys.user_id, id.userId), eq(idempotencyKeys.key, id.key));
}

/**
 * `runningHere`: this process is running the key's first request right now,
 * so its row is not abandoned however old it looks (a request that outlives
 * the lease, or a clock stepped forward, must not let a retry run twice).
 * `owner`: this process's liveness mark, written on the claim (null: none).
 */
export async function claimKey(
  db: Db,
  id: KeyId,
  request: { method: string; path: string; hash: string | null },
  now: number,
  runningHere = false,
  owner: number | null = null,
): Promise<ClaimResult> {
  // Two rounds at most: an expired or abandoned row is removed once, then the insert is tried again.
  for (let round = 0; round < 3; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        user_id: id.userId,
        key: id.key,
        method: request.method,
        path: request.path,
        request_hash: request.hash,
        owner,
        created_at: new Date(now),
        expires_at: new Date(now + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };

    const [row] = await db.select().from(idempotencyKeys).where(byKey(id));
    if (!row) continue; // released between the insert and the read
    const expired = row.expires_at.getTime() <= now;
    const abandoned =
      row.status === null && !runningHere && (row.created_at.getTime() <= now - IDEMPOTENCY_LEASE_MS || (await ownerDied(db, row.owner, owner)));
    if (expired || abandoned) {
      // Compare-and-delete: only the row we looked at, so two takers cannot both win.
      await db.delete(idempotencyKeys).where(and(byKey(id), eq(idempotencyKeys.created_at, row.created_at)));
      continue;
    }
    if (row.method !== request.method || row.path !== request.path) return { kind: 'mismatch', reason: 'target' };
    // Rows stored before bodies were fingerprinted (or without one) are not compared.
    if (row.request_hash !== null && request.hash !== null && row.request_hash !== request.hash) return { kind: 'mismatch', reason: 'body' };
    if (row.status === null) return { kind: 'running' };
    return { kind: 'stored', response: { status: row.status, contentType: row.content_type, body: row.body } };
  }
  return { kind: 'running' };
}

/**
 * A claim's process died: it named one (claims from before owners were
 * recorded have none) and it is not this process (whose running keys
 * `runningHere` speaks for), and its liveness mark is gone.
 */
async function ownerDied(db: Db, rowOwner: number | null, self: number | null): Promise<boolean> {
  return rowOwner !== null && rowOwner !== self && !(await isOwnerAlive(db, rowOwner));
}

/** The claim still waiting for its answer; of that process only when `owner` is given. */
function openClaim(id: KeyId, owner: number | null | undefined) {
  const open = and(byKey(id), isNull(idempotencyKeys.status));
  return owner === undefined || owner === null ? open : and(open, eq(idempotencyKeys.owner, owner));
}

/**
 * Keeps the first response of a claimed key; in a write's own transaction
 * when `db` is one (idempotent-answer.ts). False when the claim is no longer
 * there to answer (stored, released, or taken over by another process).
 */
export async function storeResponse(db: Db | Tx, id: KeyId, response: StoredResponse, owner?: number | null): Promise<boolean> {
  const stored = await db
    .update(idempotencyKeys)
    .set({ status: response.status, content_type: response.contentType, body: response.body })
    .where(openClaim(id, owner))
    .returning({ key: idempotencyKeys.key });
  return stored.length > 0;
}

/** Gives a claimed key back (the request failed in a way worth retrying): the next try runs again. */
export async function releaseKey(db: Db, id: KeyId, owner?: number | null): Promise<void> {
  await db.delete(idempotencyKeys).where(openClaim(id, owner));
}

/**
 * The heartbeat of a running first request: moves its lease start from
 * `from` to `to`. False when the row is no longer this request's (stored,
 * released, or taken over after a stall): then there is nothing to renew.
 */
export async function renewLease(db: Db, id: KeyId, from: number, to: number): Promise<boolean> {
  const renewed = await db
    .update(idempotencyKeys)
    .set({ created_at: new Date(to) })
    .where(and(byKey(id), isNull(idempotencyKeys.status), eq(idempotencyKeys.created_at, new Date(from))))
    .returning({ key: idempotencyKeys.key });
  return renewed.length > 0;
}

/** Drops keys past their 24 hours. */
export async function purgeExpiredKeys(db: Db, now: number): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expires_at, new Date(now)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

export type KeptAnswer = { kind: 'stored'; response: StoredResponse } | { kind: 'running' } | { kind: 'none' };

/**
 * What the server keeps for a key, read only (the device's question before
 * sending a write again, stored-answer-route.ts): its answer, 'running'
 * while its first request holds the lease, or 'none' (never claimed,
 * released, expired, or a claim past its lease, which a new try may take).
 */
export async function readKeptAnswer(db: Db, id: KeyId, now: number): Promise<KeptAnswer> {
  const [row] = await db.select().from(idempotencyKeys).where(byKey(id));
  if (!row || row.expires_at.getTime() <= now) return { kind: 'none' };
  if (row.status !== null) return { kind: 'stored', response: { status: row.status, contentType: row.content_type, body: row.body } };
  return row.created_at.getTime() > now - IDEMPOTENCY_LEASE_MS ? { kind: 'running' } : { kind: 'none' };
}
