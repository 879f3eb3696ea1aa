/**
 * Small crypto helpers for credentials: random tokens that are only ever
 * stored as SHA-256 hashes, and constant-time comparison.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token; 32 bytes = 256 bits. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
