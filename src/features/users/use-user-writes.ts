/**
 * The users area's calls to the server (spec section 7), through the
 * online-write path: refused at once offline with a plain message, the
 * server's messages carried, and the users list pulled before they resolve
 * so every screen shows the change.
 */
import { useOnlineWrite } from '@sync/react/use-online-write';
import { messageAnswerSchema, userSaveResponseSchema, type UserSaveResponse } from '@sync/contract/user-input';
import { toFormData, type FormValue } from '@/entities/user';

const PULLS = ['users'] as const;

export interface UserWrites {
  save: (userId: number | null, fields: Record<string, FormValue>, image: File | null) => Promise<UserSaveResponse>;
  remove: (userId: number) => Promise<string>;
  link: (userId: number, customerId: number) => Promise<string>;
  unlink: (userId: number, customerId: number) => Promise<string>;
}

export function useUserWrites(): UserWrites {
  const send = useOnlineWrite();
  return {
    save: (userId, fields, image) =>
      send(
        { method: 'POST', path: userId === null ? 'api/user' : `api/user/${userId}`, form: toFormData(fields, image), pulls: PULLS },
        userSaveResponseSchema,
      ),
    remove: async (userId) => (await send({ method: 'DELETE', path: `api/user/${userId}`, pulls: PULLS }, messageAnswerSchema)).message,
    link: async (userId, customerId) =>
      (
        await send(
          { method: 'POST', path: 'api/user-customers', form: toFormData({ user_id: userId, customer_id: customerId }), pulls: PULLS },
          messageAnswerSchema,
        )
      ).message,
    unlink: async (userId, customerId) =>
      (await send({ method: 'DELETE', path: `api/user-customers/${userId}/${customerId}`, pulls: PULLS }, messageAnswerSchema)).message,
  };
}
