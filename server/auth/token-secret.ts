/**
 * The key that signs access tokens: TOKEN_SECRET when configured, else one
 * generated at first start and kept in app_meta, so restarts keep sessions
 * valid without any setup.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';
import { randomToken } from '../lib/crypto';

const KEY = 'token_secret';

export async function resolveTokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Insert-if-absent then read back: two processes starting together agree on one secret.
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('token secret could not be stored');
  return row.value;
}
