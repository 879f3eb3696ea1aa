/**
 * The shapes the session reads without zod (see sync/http/json-shape.ts for
 * why): the token grant's answer, the signed-in user and the user's
 * customers (from the server and from local storage), and the stored
 * tokens. Each mirrors one zod schema of the contract, which stays the
 * source of truth: tests/unit/session/json-shapes.test.ts runs the same
 * table of bodies through both and fails when they disagree, and the type
 * annotations below make tsc fail when a reader's output stops matching the
 * contract's type.
 */
import type { TokenResponse } from '../contract/auth';
import type { CurrentUser, UserCustomer } from '../contract/user';
import { array, boolean, int, literal, nonEmptyString, nullable, number, object, positiveInt, string, type Reader } from '../http/json-shape';

/** `tokenResponseSchema` (sync/contract/auth.ts). */
export const readTokenResponse: Reader<TokenResponse> = object({
  token_type: literal('Bearer'),
  access_token: string,
  refresh_token: string,
  expires_in: positiveInt,
});

const readNamedRecord = object({ id: int, name: string, slug: string });

/** `z.string().nullable().default(null)`: a session stored before the field existed reads it as null. */
const nullableTextOrAbsent: Reader<string | null> = (value) => (value === undefined ? null : nullable(string)(value));

/** `currentUserSchema` (sync/contract/user.ts). */
export const readCurrentUser: Reader<CurrentUser> = object({
  id: int,
  name: string,
  email: string,
  username: string,
  phone: nullable(string),
  store_activated: boolean,
  deleted_at: nullable(string),
  settings: object({
    position: nullable(string),
    registration_code: nullable(string),
    council_type: nullableTextOrAbsent,
    council_number: nullableTextOrAbsent,
    council_uf: nullableTextOrAbsent,
    phone: nullable(string),
    role_id: nullable(int),
    role: nullable(readNamedRecord),
    user_type_id: int,
    type: readNamedRecord,
    image_id: nullable(int),
    image: nullable(object({ id: int, name: string, url: string })),
  }),
  modules: array(readNamedRecord),
  updated_at: string,
});

/** `userCustomerSchema` (sync/contract/user.ts). */
const readUserCustomer: Reader<UserCustomer> = object({
  user_id: int,
  customer_id: int,
  customer: object({ id: int, name: string }),
});

/** `userCustomersResponseSchema` (sync/contract/user.ts). */
export const readUserCustomers: Reader<UserCustomer[]> = array(readUserCustomer);

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token stops being accepted. */
  accessTokenExpiresAt: number;
}

/** The tokens as the session stores them (no server schema: local storage only). */
export const readStoredTokens: Reader<StoredTokens> = object({
  accessToken: nonEmptyString,
  refreshToken: nonEmptyString,
  accessTokenExpiresAt: number,
});
