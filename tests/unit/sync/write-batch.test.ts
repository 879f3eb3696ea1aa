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

describe('WriteBatch with a gather window', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const add = (batch: WriteBatch, key: string) =>
    batch.run(async (store) => {
      await store.outbox.add(entry(key));
      return key;
    });

  it('steps that fall due within the window share one transaction', async () => {
    const transactions = countTransactions(db);
    const batch = new WriteBatch(db, { steps: () => 4, windowMs: 200 });
    const first = add(batch, 'a');
    await pause(20);
    const second = add(batch, 'b');
    await pause(20);
    const third = add(batch, 'c');
    expect(await Promise.all([first, second, third])).toEqual(['a', 'b', 'c']);
    expect(transactions()).toBe(1);
    expect((await db.outbox.toArray()).map((item) => item.key)).toEqual(['a', 'b', 'c']);
  });

  it('does not wait once as many steps as workers are queued', async () => {
    const transactions = countTransactions(db);
    const batch = new WriteBatch(db, { steps: () => 2, windowMs: 60_000 });
    const done = Promise.all([add(batch, 'a'), add(batch, 'b')]);
    // Well before the window's end: the second step completed the set.
    const outcome = await Promise.race([done, pause(5_000).then(() => 'still waiting')]);
    expect(outcome).toEqual(['a', 'b']);
    expect(transactions()).toBe(1);
  });

  it('a step alone runs when the window ends', async () => {
    const batch = new WriteBatch(db, { steps: () => 4, windowMs: 30 });
    const started = Date.now();
    expect(await add(batch, 'a')).toBe('a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(await db.outbox.count()).toBe(1);
  });
});
