/**
 * The users list (`GET api/user/all/{skip}/{take}`, query `search`,
 * `trashed`; spec section 7), read with the `users` module. Each user as
 * the spec's User entity without secrets: settings with role and type, the
 * soft-delete mark (`deleted_at`: deleted users stay, as sellers of old
 * quotations, hidden from selection) and the sync timestamps. `trashed`
 * ('true'/'1') lists deleted users too; a pull (`updated_since`) brings
 * every user, deleted ones included.
 *
 * `customers` (an extension) are the customers linked to a customer-type
 * user (`api/user-customers`), so the users screen reads them offline; a
 * link added or removed moves the user's `updated_at`, so a pull brings it.
 */
import { z } from 'zod';
import { syncFieldsSchema, timestampSchema } from './sync';
import { userSettingsSchema } from './user';

export const USER_LIST_PATH = 'api/user/all/{skip}/{take}';

export const userRecordSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    phone: z.string().nullable(),
    store_activated: z.boolean(),
    deleted_at: timestampSchema.nullable(),
    settings: userSettingsSchema,
    customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .extend(syncFieldsSchema.shape);
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userListFiltersSchema = z.object({
  trashed: z.enum(['true', 'false', '1', '0']).optional(),
});
