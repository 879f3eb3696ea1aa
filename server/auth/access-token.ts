/**
 * Access tokens: compact JWTs signed with HMAC-SHA256 (node:crypto, no
 * library). They name the user (`sub`), the sign-in session (`sid`, so that
 * revoking the session also stops its access tokens) and carry a random
 * `jti`. Short-lived; the refresh token renews them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { safeEqual } from '../lib/crypto';

export type AccessClaims = {
  /** User id, as a string per RFC 7519. */
  sub: string;
  /** Sign-in session (refresh token family) id. */
  sid: string;
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
};

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(secret: string, input: { userId: number; sessionId: string; nowMs: number; ttlSeconds: number }): string {
  const iat = Math.floor(input.nowMs / 1000);
  const claims: AccessClaims = {
    sub: String(input.userId),
    sid: input.sessionId,
    jti: randomUUID(),
    iat,
    exp: iat + input.ttlSeconds,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

export function verifyAccessToken(secret: string, token: string, nowMs: number): AccessCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header is accepted: no "alg: none", no algorithm switching.
  if (header !== HEADER) return { ok: false, reason: 'malformed' };
  if (!safeEqual(sign(secret, `${header}.${payload}`), signature)) return { ok: false, reason: 'signature' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed' };
  }
  if (nowMs >= claims.exp * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
