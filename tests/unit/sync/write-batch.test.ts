/**
 * The push's group commit: steps that fall due while a transaction runs
 * share the next one, see each other's writes in order, get their results
 * only after the commit, and all fail together (nothing stored) when one
 * of them fails.
 */
import { describe, expect, it } from 'vitest';
import { WriteBatch } from '@sync/engine/write-batch';
import type { SyncDatabase } from '@sync/store/database';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const entry = (key: string) => ({
  resource: 'costs',
  op: 'create' as const,
  key,
  payload: { name: key },
  idempotency_key: `idem-${key}`,
  attempts: 0,
  next_attempt_at: 0,
  status: 'pending' as const,
  error: null,
  conflict: null,
  created_at: 0,
  changed_at: 0,
});

/** Counts the read-write transactions the database opens. */
function countTransactions(database: SyncDatabase): () => number {
  let count = 0;
  const write = database.write.bind(database);
  database.write = ((work) => {
    count += 1;
    return write(work);
  }) as SyncDatabase['write'];
  return () => count;
}

describe('WriteBatch', () => {
  it('runs the steps that fall due during a transaction together in the next one, in order', async () => {
    const transactions = countTransactions(db);
    const batch = new WriteBatch(db);
    const seen: number[] = [];
    const steps = ['a', 'b', 'c', 'd'].map((key) =>
      batch.run(async (store) => {
        await store.outbox.add(entry(key));
        seen.push(await store.outbox.count());
        return key.toUpperCase();
      }),
    );
    expect(await Promise.all(steps)).toEqual(['A', 'B', 'C', 'D']);
    // The first step starts a transaction at once; the three queued behind it share the second.
    expect(transactions()).toBe(2);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('gives a result only after its transaction committed', async () => {
    const batch = new WriteBatch(db);
    const key = await batch.run(async (store) => {
      await store.outbox.add(entry('x'));
      return 'x';
    });
    // Read outside the batch: the write is visible once the step's promise resolved.
    expect(await db.outbox.where('key').equals(key).count()).toBe(1);
  });

  it('fails every step of a batch when one fails, and stores nothing of it', async () => {
    const batch = new WriteBatch(db);
    const first = batch.run(async (store) => store.outbox.add(entry('primeiro')));
    const good = batch.run(async (store) => store.outbox.add(entry('bom')));
    const bad = batch.run(async (store) => {
      await store.outbox.add(entry('ruim'));
      throw new Error('falhou');
    });
    const results = await Promise.allSettled([first, good, bad]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect((await db.outbox.toArray()).map((item) => item.key)).toEqual(['primeiro']);

    // The batch goes on working after a failure.
    await batch.run(async (store) => store.outbox.add(entry('depois')));
    expect((await db.outbox.toArray()).map((item) => item.key)).toEqual(['primeiro', 'depois']);
  });
});
