/**
 * The current user (`GET api/user`) and the user-customer links
 * (`GET api/user-customers/{userId}`), spec section 3.
 */
import { z } from 'zod';

export const roleSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const userTypeSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const moduleSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const userSettingsSchema = z.object({
  position: z.string().nullable(),
  registration_code: z.string().nullable(),
  /** Professional council (issue 28): who may review and approve samples. All three or none. */
  council_type: z.string().nullable().default(null),
  council_number: z.string().nullable().default(null),
  council_uf: z.string().nullable().default(null),
  phone: z.string().nullable(),
  role_id: z.number().int().nullable(),
  role: roleSchema.nullable(),
  user_type_id: z.number().int(),
  type: userTypeSchema,
  image_id: z.number().int().nullable(),
  image: z.object({ id: z.number().int(), name: z.string(), url: z.string() }).nullable(),
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  store_activated: z.boolean(),
  deleted_at: z.string().nullable(),
  settings: userSettingsSchema,
  modules: z.array(moduleSchema),
  updated_at: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Whether the user's profile has the council data a reviewer needs (type, number and UF). */
export function hasCouncil(settings: { council_type?: string | null; council_number?: string | null; council_uf?: string | null }): boolean {
  return Boolean(settings.council_type && settings.council_number && settings.council_uf);
}

export const userCustomerSchema = z.object({
  user_id: z.number().int(),
  customer_id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
});
export const userCustomersResponseSchema = z.array(userCustomerSchema);
export type UserCustomer = z.infer<typeof userCustomerSchema>;

/** `GET api/user/type/all` and `GET api/user/role/all`. */
export const userTypesResponseSchema = z.array(userTypeSchema);
export const rolesResponseSchema = z.array(roleSchema);
