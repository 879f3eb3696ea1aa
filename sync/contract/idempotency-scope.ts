/**
 * Whose Idempotency-Keys a write counts under (docs/sync-protocol.md). The
 * server keeps first answers per (user, key); a write replayed by another
 * signed-in user would run again. An administrator importing a colleague's
 * unsent data (docs/decisions/unsent-data-export.md) therefore sends each
 * key as `user-<id>:<key>`: the server then looks it up, and stores it,
 * under that user, so the write counts once whoever delivers it first. Only
 * administrators may name another user; naming oneself is the plain key.
 */

const SCOPED_KEY = /^user-([1-9]\d{0,9}):(.+)$/;

export const IDEMPOTENCY_SCOPE_MESSAGES = {
  otherUser: 'Só um administrador pode enviar alterações de outro usuário.',
  unknownUser: 'O usuário que fez estas alterações não existe neste servidor.',
} as const;

/** `key` counted under user `userId`; a key already scoped stays as it is. */
export function scopedIdempotencyKey(userId: number, key: string): string {
  return SCOPED_KEY.test(key) ? key : `user-${userId}:${key}`;
}

/** The user and plain key a scoped key names; null for a plain key. */
export function parseScopedKey(key: string): { userId: number; key: string } | null {
  const match = SCOPED_KEY.exec(key);
  return match ? { userId: Number(match[1]), key: match[2]! } : null;
}
