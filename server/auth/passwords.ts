/**
 * Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB, 2
 * passes, 1 lane, the OWASP baseline). Hashes are PHC strings, so the
 * parameters can be raised later without invalidating stored hashes.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the user does not exist, so
 * response times do not tell which usernames are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy password that never matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
