/**
 * Sign-in sessions and their tokens (spec section 7, OAuth2 password and
 * refresh_token grants).
 *
 * A password grant starts a session (a refresh token family). Each refresh
 * retires the presented refresh token and issues a successor (rotation).
 * Presenting a retired token again means it leaked: the whole session is
 * revoked, so both the thief and the owner must sign in again.
 *
 * One exception keeps technicians on flaky networks signed in: when the
 * answer to a refresh is lost, the client retries with the same token. If
 * that happens within REFRESH_RETRY_GRACE_MS and the successor was never
 * used, the successor is retired unseen ("superseded") and a new one is
 * issued. A superseded token is never eligible for the grace, so a thief
 * racing the owner still ends up revoking the session.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenResponse } from '@sync/contract/auth';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { authSessions, refreshTokens, users } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { signAccessToken, verifyAccessToken, type AccessCheck } from './access-token';

export const REFRESH_RETRY_GRACE_MS = 30_000;

export type RevokeReason = 'logout' | 'reuse' | 'password_reset' | 'password_change' | 'user_deleted';

export type RefreshResult = { ok: true; tokens: TokenResponse; userId: number } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

export type SessionServiceDeps = {
  db: Db;
  clock: Clock;
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Told of every revocation, also after the transaction holding it commits (server/auth/auth-cache.ts). */
  revoked?: { session(sessionId: string): void; user(userId: number): void };
};

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: SessionServiceDeps) {
  const { db, clock, secret, accessTtlSeconds, refreshTtlSeconds } = deps;
  const revoked = deps.revoked ?? { session: () => undefined, user: () => undefined };

  async function issueRefreshToken(tx: Db | Tx, sessionId: string, nowMs: number) {
    const token = randomToken(32);
    const [row] = await tx
      .insert(refreshTokens)
      .values({
        session_id: sessionId,
        token_hash: sha256Hex(token),
        created_at: new Date(nowMs),
        expires_at: new Date(nowMs + refreshTtlSeconds * 1000),
      })
      .returning({ id: refreshTokens.id });
    return { token, id: row!.id };
  }

  function tokenResponse(userId: number, sessionId: string, refreshToken: string, nowMs: number): TokenResponse {
    return {
      token_type: 'Bearer',
      access_token: signAccessToken(secret, { userId, sessionId, nowMs, ttlSeconds: accessTtlSeconds }),
      refresh_token: refreshToken,
      expires_in: accessTtlSeconds,
    };
  }

  /** Password grant succeeded: a new session with its first token pair. */
  async function startSession(userId: number, userAgent?: string): Promise<TokenResponse> {
    const nowMs = clock.now();
    const sessionId = randomUUID();
    return db.transaction(async (tx) => {
      await tx.insert(authSessions).values({
        id: sessionId,
        user_id: userId,
        created_at: new Date(nowMs),
        last_used_at: new Date(nowMs),
        user_agent: userAgent?.slice(0, 500) ?? null,
      });
      const { token } = await issueRefreshToken(tx, sessionId, nowMs);
      return tokenResponse(userId, sessionId, token, nowMs);
    });
  }

  async function refresh(presented: string): Promise<RefreshResult> {
    const nowMs = clock.now();
    const now = new Date(nowMs);
    let reusedSession: string | null = null;
    const result = await db.transaction(async (tx): Promise<RefreshResult> => {
      const [row] = await tx
        .select({ token: refreshTokens, session: authSessions, userDeletedAt: users.deleted_at })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.session_id))
        .innerJoin(users, eq(users.id, authSessions.user_id))
        .where(eq(refreshTokens.token_hash, sha256Hex(presented)))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' };
      const { token, session } = row;
      if (session.revoked_at || row.userDeletedAt) return { ok: false, reason: 'revoked' };

      if (token.rotated_at) {
        const successor = token.replaced_by_id
          ? (await tx.select().from(refreshTokens).where(eq(refreshTokens.id, token.replaced_by_id)))[0]
          : undefined;
        const isRetry =
          !token.superseded &&
          nowMs - token.rotated_at.getTime() <= REFRESH_RETRY_GRACE_MS &&
          successor !== undefined &&
          successor.rotated_at === null;
        if (!isRetry) {
          reusedSession = session.id;
          await revokeSessionIn(tx, session.id, 'reuse', nowMs);
          return { ok: false, reason: 'reused' };
        }
        await tx.update(refreshTokens).set({ rotated_at: now, superseded: true }).where(eq(refreshTokens.id, successor.id));
      } else if (token.expires_at.getTime() <= nowMs) {
        return { ok: false, reason: 'expired' };
      }

      const next = await issueRefreshToken(tx, session.id, nowMs);
      await tx
        .update(refreshTokens)
        .set({ rotated_at: token.rotated_at ?? now, replaced_by_id: next.id })
        .where(eq(refreshTokens.id, token.id));
      await tx.update(authSessions).set({ last_used_at: now }).where(eq(authSessions.id, session.id));
      return { ok: true, userId: session.user_id, tokens: tokenResponse(session.user_id, session.id, next.token, nowMs) };
    });
    // Again once committed: a request between the revocation and the commit may have read the session as live.
    if (reusedSession !== null) revoked.session(reusedSession);
    return result;
  }

  async function revokeSessionIn(tx: Db | Tx, sessionId: string, reason: RevokeReason, nowMs: number) {
    await tx
      .update(authSessions)
      .set({ revoked_at: new Date(nowMs), revoked_reason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revoked_at)));
    revoked.session(sessionId);
  }

  /** Sign-out: revokes the session the refresh token belongs to. Unknown tokens are ignored (RFC 7009). */
  async function revokeByRefreshToken(presented: string): Promise<void> {
    const [row] = await db
      .select({ sessionId: refreshTokens.session_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, sha256Hex(presented)));
    if (row) await revokeSessionIn(db, row.sessionId, 'logout', clock.now());
  }

  /** Sign-out with an access token instead: revokes the session it names. */
  async function revokeSession(sessionId: string, reason: RevokeReason): Promise<void> {
    await revokeSessionIn(db, sessionId, reason, clock.now());
  }

  /**
   * Revokes every session of a user (password reset or change, user deleted).
   * Inside a caller's transaction, the caller calls `revoked.user` (the auth
   * cache's forgetUser) again once it commits.
   */
  async function revokeUserSessions(userId: number, reason: RevokeReason, tx: Db | Tx = db): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revoked_at: new Date(clock.now()), revoked_reason: reason })
      .where(and(eq(authSessions.user_id, userId), isNull(authSessions.revoked_at)));
    revoked.user(userId);
  }

  function verifyAccess(token: string): AccessCheck {
    return verifyAccessToken(secret, token, clock.now());
  }

  return { startSession, refresh, revokeByRefreshToken, revokeSession, revokeUserSessions, verifyAccess };
}
