/**
 * Looks up active users by what people type in the sign-in and recovery
 * forms: a username or an e-mail, compared case-insensitively.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Users whose username or e-mail is `login`; a username match comes first. */
export async function findUsersByLogin(db: Db, login: string): Promise<UserRow[]> {
  const key = login.trim().toLowerCase();
  const byUsername = eq(sql`lower(${users.username})`, key);
  const rows = await db
    .select()
    .from(users)
    .where(and(isNull(users.deleted_at), or(byUsername, eq(sql`lower(${users.email})`, key))))
    .limit(2);
  return rows.sort((a, b) => Number(b.username.toLowerCase() === key) - Number(a.username.toLowerCase() === key));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deleted_at), eq(sql`lower(${users.email})`, email.trim().toLowerCase())));
  return row;
}
