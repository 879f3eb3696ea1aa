/**
 * Managing users (spec section 7), for callers with the `users` module:
 *
 *   GET    api/user/{id}       the user (deleted ones too: sellers of old quotations)
 *   POST   api/user            form data (+ image) → 201 { message, user }
 *   POST   api/user/{id}       form data (+ image) → 200 { message, user }
 *   DELETE api/user/{id}       soft delete → { message: 'Usuário deletado com sucesso' }
 *
 * A new password (create, or an edit that sets one) is e-mailed to the user
 * when `send_password` is on. Every write that changes what a user may do
 * (type, department, password, deletion) forgets them in the auth cache, and
 * a new password or a deletion also ends their sessions (their own current
 * one stays when they change their own password). An image replaced or
 * dropped with its user loses its bytes after the commit.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParamSchema } from '@sync/contract/fields';
import { USER_MESSAGES, userCreateSchema, userSaveResponseSchema, userUpdateSchema, type UserInput } from '@sync/contract/user-input';
import { userRecordSchema, type UserRecord } from '@sync/contract/user-list';
import type { AppContext, ZodApp } from '@server/app-context';
import { requireAuth } from '@server/auth/authenticate';
import { hashPassword } from '@server/auth/passwords';
import type { Db, Tx } from '@server/db/client';
import { users } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { badRequest, notFound } from '@server/http/errors';
import { newUserPasswordEmail } from '@server/mail/new-user-email';
import { nextUpdatedAt, writeTime } from '@server/sync/versioning';
import { userSource } from '../user';
import { parseFields, readUserBody } from './user-body';
import { insertImageRow, storeUserImage, type StoredImage } from './user-image';
import { updateUserRow } from './update-user-row';
import { councilOf } from './user-council';
import { assertMayTouch, assertNotOwnAccess, assertUnique, findActiveUser, resolveAccess, uniqueViolation } from './user-rules';
import { USERS_ACCESS } from './access';

const idParams = z.object({ id: idParamSchema });

/** 'Usuário salvo com sucesso', or that plus why the e-mail did not go. */
export const MAIL_FAILED_SUFFIX = ' O e-mail com a senha não pôde ser enviado; informe a senha ao usuário.';

export async function loadUserRecord(db: Db | Tx, id: number): Promise<UserRecord | null> {
  const [record] = await userSource.load(db, [id]);
  return record ?? null;
}

/** Stores the upload (if any) before the transaction; the caller removes it if the transaction fails. */
async function prepareImage(storage: FileStore, image: Parameters<typeof storeUserImage>[1] | undefined): Promise<StoredImage | null> {
  return image ? storeUserImage(storage, image) : null;
}

async function sendPassword(ctx: AppContext, log: { error(obj: object, msg: string): void }, user: UserInput, password: string): Promise<boolean> {
  try {
    await ctx.mailer.send(
      newUserPasswordEmail({ to: user.email, name: user.name, username: user.username, password, publicUrl: ctx.config.publicUrl }),
    );
    return true;
  } catch (err) {
    log.error({ err }, 'new user password e-mail failed');
    return false;
  }
}

export function registerUserWrites(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.get('/api/user/:id', { config: USERS_ACCESS, schema: { params: idParams, response: { 200: userRecordSchema } } }, async (request) => {
    const record = await loadUserRecord(ctx.db, request.params.id);
    if (!record) throw notFound(USER_MESSAGES.notFound);
    return record;
  });

  app.post('/api/user', { config: USERS_ACCESS, schema: { response: { 201: userSaveResponseSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const body = await readUserBody(request, ctx.config.uploadLimitMb);
    const input = parseFields(userCreateSchema, body.fields);
    const access = await resolveAccess(ctx.db, input);
    assertMayTouch(auth, null, access);
    await assertUnique(ctx.db, input);
    // Before the save: over the e-mail quota, nothing changes.
    if (input.send_password) await ctx.limits.mailPerUser.take(auth.user.id);
    const passwordHash = await hashPassword(input.password!);
    const image = await prepareImage(storage, body.image);
    const now = writeTime(ctx.clock);
    let id: number;
    try {
      id = await ctx.db.transaction(async (tx) => {
        const imageId = image ? await insertImageRow(tx, image, now) : null;
        const [row] = await tx
          .insert(users)
          .values({
            name: input.name,
            username: input.username,
            email: input.email,
            phone: input.phone,
            position: input.position,
            registration_code: input.registration_code,
            ...councilOf(input),
            password_hash: passwordHash,
            store_activated: input.store_activated ?? true,
            ...access,
            image_id: imageId,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: users.id });
        return row!.id;
      });
    } catch (error) {
      if (image) await storage.remove(image.stored.key);
      throw uniqueViolation(error) ?? error;
    }
    let message: string = USER_MESSAGES.saved;
    if (input.send_password && !(await sendPassword(ctx, request.log, input, input.password!))) message += MAIL_FAILED_SUFFIX;
    const user = (await loadUserRecord(ctx.db, id))!;
    return reply.code(201).send({ message, user });
  });

  app.post('/api/user/:id', { config: USERS_ACCESS, schema: { params: idParams, response: { 200: userSaveResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    const current = await findActiveUser(ctx.db, id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    const body = await readUserBody(request, ctx.config.uploadLimitMb);
    const input = parseFields(userUpdateSchema, body.fields);
    const access = await resolveAccess(ctx.db, input, current);
    assertMayTouch(auth, current, access);
    assertNotOwnAccess(auth, id, current, access);
    await assertUnique(ctx.db, input, id);
    if (input.password && input.send_password) await ctx.limits.mailPerUser.take(auth.user.id);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const image = await prepareImage(storage, body.image);
    const now = writeTime(ctx.clock);
    await updateUserRow(ctx, storage, request.log, {
      id,
      currentImageId: current.image_id,
      set: {
        name: input.name,
        username: input.username,
        email: input.email,
        phone: input.phone,
        position: input.position,
        registration_code: input.registration_code,
        ...councilOf(input),
        ...access,
        ...(input.store_activated === undefined ? {} : { store_activated: input.store_activated }),
      },
      image,
      passwordHash,
      keepSession: auth.user.id === id ? auth.sessionId : undefined,
      now,
    });
    let message: string = USER_MESSAGES.saved;
    if (input.password && input.send_password && !(await sendPassword(ctx, request.log, input, input.password))) message += MAIL_FAILED_SUFFIX;
    return { message, user: (await loadUserRecord(ctx.db, id))! };
  });

  app.delete('/api/user/:id', { config: USERS_ACCESS, schema: { params: idParams } }, async (request) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    if (id === auth.user.id) throw badRequest(USER_MESSAGES.ownDelete);
    const current = await findActiveUser(ctx.db, id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    assertMayTouch(auth, current);
    const now = writeTime(ctx.clock);
    // Soft delete: the user stays as the seller of old quotations; the list pulls the mark (updated_at moves).
    await ctx.db
      .update(users)
      .set({ deleted_at: now, updated_at: nextUpdatedAt(users.updated_at, now) })
      .where(eq(users.id, id));
    await ctx.sessions.revokeUserSessions(id, 'user_deleted');
    ctx.authCache.forgetUser(id);
    return { message: USER_MESSAGES.deleted };
  });
}
