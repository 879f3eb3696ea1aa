/**
 * The AttemptStore in the database (table auth_attempts): every server
 * process reads and writes the same attempt times, and a restart forgets
 * nothing. One INSERT per recorded attempt, one indexed SELECT per check;
 * a key's rows beyond the newest `keep` are dropped when it is written, and
 * every `purgeEvery` writes the rows older than `maxAgeMs` (keys nobody
 * writes again) go too.
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';
import type { AttemptStore } from './attempt-store';

export function databaseAttemptStore(options: { db: Db; now: () => number; maxAgeMs: number; purgeEvery?: number }): AttemptStore {
  const { db } = options;
  const purgeEvery = options.purgeEvery ?? 500;
  let writesSincePurge = 0;

  return {
    async add(key, at, keep) {
      await db.insert(authAttempts).values({ key, at: new Date(at) });
      const beyond = await db
        .select({ id: authAttempts.id })
        .from(authAttempts)
        .where(eq(authAttempts.key, key))
        .orderBy(desc(authAttempts.at), desc(authAttempts.id))
        .offset(keep);
      if (beyond.length > 0)
        await db.delete(authAttempts).where(
          inArray(
            authAttempts.id,
            beyond.map((r) => r.id),
          ),
        );
      if (++writesSincePurge >= purgeEvery) {
        writesSincePurge = 0;
        await db.delete(authAttempts).where(lte(authAttempts.at, new Date(options.now() - options.maxAgeMs)));
      }
    },
    async since(key, after) {
      const rows = await db
        .select({ at: authAttempts.at })
        .from(authAttempts)
        .where(and(eq(authAttempts.key, key), gt(authAttempts.at, new Date(after))))
        .orderBy(asc(authAttempts.at), asc(authAttempts.id));
      return rows.map((r) => r.at.getTime());
    },
    async clear(key) {
      await db.delete(authAttempts).where(eq(authAttempts.key, key));
    },
  };
}
