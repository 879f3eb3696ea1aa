/**
 * Whose key a write's Idempotency-Key is (sync/contract/idempotency-scope.ts):
 * the caller's, or, for an administrator delivering a colleague's unsent
 * data, that colleague's (`user-<id>:<key>`), so the write counts once
 * whichever of them delivers it. Anyone else naming another user is refused
 * before anything runs; so is a user that does not exist (the key's row
 * could not be stored for it).
 */
import { eq } from 'drizzle-orm';
import { IDEMPOTENCY_SCOPE_MESSAGES, parseScopedKey } from '@sync/contract/idempotency-scope';
import type { AuthContext } from '../auth/current-user';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { KeyId } from './idempotency-store';

export async function keyIdOf(db: Db, auth: AuthContext, key: string): Promise<KeyId> {
  const scoped = parseScopedKey(key);
  if (!scoped || scoped.userId === auth.user.id) return { userId: auth.user.id, key: scoped?.key ?? key };
  if (!auth.user.isAdmin) throw new HttpError(403, IDEMPOTENCY_SCOPE_MESSAGES.otherUser);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, scoped.userId));
  if (!owner) throw new HttpError(422, IDEMPOTENCY_SCOPE_MESSAGES.unknownUser);
  return { userId: scoped.userId, key: scoped.key };
}
