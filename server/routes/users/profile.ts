/**
 * `POST api/user/profile` (form data, an extension: the spec's profile page
 * names no call): the signed-in user changes their own name, e-mail, phone
 * (digits), store_activated, image and password; a new password needs the
 * old one. Type, department and username are not fields of this call, so
 * nobody raises their own access here. Any signed-in user may call it (no
 * module). Answers `{ message, user }` with the user as `GET api/user`.
 */
import { eq } from 'drizzle-orm';
import { PROFILE_PATH, profileInputSchema, profileSaveResponseSchema, USER_MESSAGES } from '@sync/contract/user-input';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import { loadAuthUser } from '@server/auth/current-user';
import { hashPassword, verifyPassword } from '@server/auth/passwords';
import { users } from '@server/db/schema';
import type { FileStorage } from '@server/files/storage';
import { badRequest, notFound } from '@server/http/errors';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { currentUserAnswer } from './current-user-answer';
import { parseFields, readUserBody } from './user-body';
import { insertImageRow, removeImageRow, storeUserImage } from './user-image';
import { assertUnique, findActiveUser, uniqueViolation } from './user-rules';
import { endSessions } from './user-writes';

export function registerProfileRoute(app: ZodApp, ctx: AppContext, storage: FileStorage) {
  app.post(`/${PROFILE_PATH}`, { schema: { response: { 200: profileSaveResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const id = auth.user.id;
    const current = await findActiveUser(ctx.db, id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    const body = await readUserBody(request, ctx.config.uploadLimitMb);
    const input = parseFields(profileInputSchema, body.fields);
    if (input.password !== undefined && !(await verifyPassword(current.password_hash, input.old_password!))) {
      throw badRequest(USER_MESSAGES.oldPasswordWrong, { old_password: [USER_MESSAGES.oldPasswordWrong] });
    }
    await assertUnique(ctx.db, { email: input.email }, id);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const image = body.image ? await storeUserImage(storage, body.image) : null;
    const now = writeTime(ctx.clock);
    let replacedKey: string | null = null;
    try {
      replacedKey = await ctx.db.transaction(async (tx) => {
        const imageId = image ? await insertImageRow(tx, image, now) : undefined;
        await tx
          .update(users)
          .set({
            name: input.name,
            email: input.email,
            phone: input.phone,
            store_activated: input.store_activated,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            ...(imageId ? { image_id: imageId } : {}),
            updated_at: nextUpdatedAt(users.updated_at, now),
          })
          .where(eq(users.id, id));
        return imageId ? removeImageRow(tx, current.image_id) : null;
      });
    } catch (error) {
      if (image) await storage.remove(image.stored.key);
      throw uniqueViolation(error) ?? error;
    }
    if (replacedKey) await storage.remove(replacedKey).catch((err: unknown) => request.log.error({ err }, 'could not remove a replaced image'));
    // A new password signs the user out everywhere else; this device stays signed in.
    if (passwordHash) await endSessions(ctx, id, now, auth.sessionId);
    ctx.authCache.forgetUser(id);
    const fresh = await loadAuthUser(ctx.db, id);
    return { message: USER_MESSAGES.profileSaved, user: await currentUserAnswer(ctx.db, fresh!) };
  });
}
