/**
 * One local database per signed-in user on this device: `higiene-<userId>`.
 * Another user signing in on the same tablet neither sees nor pushes the
 * first user's records and queue, and the first user's unsent changes are
 * still there (and are sent) when they sign in again. Nothing here deletes
 * a database: only the user discards changes.
 */
import { SyncDatabase } from '@sync/store/database';

export const USER_DATABASE_PREFIX = 'higiene-';

export function userDatabaseName(userId: number): string {
  return `${USER_DATABASE_PREFIX}${userId}`;
}

/** The user's store (Dexie opens it on first use; the schema migrates then). */
export function openUserDatabase(userId: number): SyncDatabase {
  return new SyncDatabase(userDatabaseName(userId));
}
