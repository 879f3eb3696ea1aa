import { PROFILE_PATH, profileInputSchema, profileSaveResponseSchema, USER_MESSAGES } from '@sync/contract/user-input';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import { loadAuthUser } from '@server/auth/current-user';
import { hashPassword, verifyPassword } from '@server/auth/passwords';
import type { FileStore } from '@server/files/file-store';
import { badRequest, notFound } from '@server/http/errors';
import { writeTime } from '@server/sync/versioning';
import { currentUserAnswer } from './current-user-answer';
import { parseFields, readUserBody } from './user-body';
import { storeUserImage } from './user-image';
import { assertUnique, findActiveUser } from './user-rules';
import { updateUserRow } from './update-user-row';
import { councilOf } from './user-council';
import { access } from '@server/auth/access';

export function registerProfileRoute(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.post(
    `/${PROFILE_PATH}`,
    { config: { access: access.signedIn({ customerUsers: 'self' }) }, schema: { response: { 200: profileSaveResponseSchema } } },
    async (request) => {
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
      // A new password signs the user out everywhere else; this device stays signed in.
      await updateUserRow(ctx, storage, request.log, {
        id,
        currentImageId: current.image_id,
        set: { name: input.name, email: input.email, phone: input.phone, store_activated: input.store_activated, ...councilOf(input) },
        image,
        passwordHash,
        keepSession: auth.sessionId,
        now,
      });
      const fresh = await loadAuthUser(ctx.db, id);
      return { message: USER_MESSAGES.profileSaved, user: await currentUserAnswer(ctx.db, fresh!) };
    },
  );
}
