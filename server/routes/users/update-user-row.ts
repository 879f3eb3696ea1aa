/**
 * One user's row updated by the users page or the profile: a new image
 * replaces the old one in the same transaction (the new bytes are removed
 * if it fails, the old ones after it commits), a new password ends the
 * user's other sessions, and the auth cache forgets the user so their next
 * call sees the change.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { authSessions, users } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { nextUpdatedAt } from '@server/sync/versioning';
import { insertImageRow, removeImageRow, type StoredImage } from './user-image';
import { uniqueViolation } from './user-rules';

/** Ends a user's sessions, but `keep` (the caller's own, when they change their own password). */
export async function endSessions(ctx: AppContext, userId: number, now: Date, keep?: string): Promise<void> {
  await ctx.db
    .update(authSessions)
    .set({ revoked_at: now, revoked_reason: 'password_change' })
    .where(and(eq(authSessions.user_id, userId), isNull(authSessions.revoked_at), keep ? ne(authSessions.id, keep) : undefined));
  ctx.authCache.forgetUser(userId);
}

export interface UserRowUpdate {
  id: number;
  /** The user's image before the change (replaced when `image` is set). */
  currentImageId: number | null;
  /** The columns this caller may change. */
  set: Partial<typeof users.$inferInsert>;
  image: StoredImage | null;
  passwordHash: string | undefined;
  /** The session that stays signed in after a new password (the caller's own), if any. */
  keepSession: string | undefined;
  now: Date;
}

export async function updateUserRow(
  ctx: AppContext,
  storage: FileStore,
  log: { error(obj: object, msg: string): void },
  change: UserRowUpdate,
): Promise<void> {
  const { id, image, passwordHash, now } = change;
  let replacedKey: string | null = null;
  try {
    replacedKey = await ctx.db.transaction(async (tx) => {
      const imageId = image ? await insertImageRow(tx, image, now) : undefined;
      await tx
        .update(users)
        .set({
          ...change.set,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          ...(imageId ? { image_id: imageId } : {}),
          updated_at: nextUpdatedAt(users.updated_at, now),
        })
        .where(eq(users.id, id));
      return imageId ? removeImageRow(tx, change.currentImageId) : null;
    });
  } catch (error) {
    if (image) await storage.remove(image.stored.key);
    throw uniqueViolation(error) ?? error;
  }
  if (replacedKey) await storage.remove(replacedKey).catch((err: unknown) => log.error({ err }, 'could not remove a replaced image'));
  if (passwordHash) await endSessions(ctx, id, now, change.keepSession);
  ctx.authCache.forgetUser(id);
}
