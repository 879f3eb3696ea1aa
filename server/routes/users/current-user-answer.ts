/**
 * `GET api/user`'s body with the user's image (the auth cache keeps only
 * its id): what the session stores as the current user, also answered by
 * the profile call after a save.
 */
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '@sync/contract/user';
import { toCurrentUser, type AuthUser } from '@server/auth/current-user';
import type { Db } from '@server/db/client';
import { storedFiles } from '@server/db/schema';
import { userImageUrl } from './user-image-url';

export async function currentUserAnswer(db: Db, user: AuthUser): Promise<CurrentUser> {
  const answer = toCurrentUser(user);
  if (user.image_id === null) return answer;
  const [image] = await db
    .select({ id: storedFiles.id, name: storedFiles.original_name, key: storedFiles.storage_key })
    .from(storedFiles)
    .where(eq(storedFiles.id, user.image_id));
  if (image) answer.settings.image = { id: image.id, name: image.name, url: userImageUrl(image.key) };
  return answer;
}
