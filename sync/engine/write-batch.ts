/**
 * Group commit for the push. The store steps of the sends in progress
 * (marking an entry in flight, applying an answer) that fall due while a
 * transaction is running wait for it, then all run together in the next one,
 * instead of one read-write transaction each. In Chromium a push of a
 * thousand creates was bound by those transactions (each commits to disk, and
 * read-write transactions over the same tables run one at a time), not by the
 * network: the requests in flight averaged 1.5 of 4.
 *
 * The steps of a batch run one after the other, so each sees the writes of
 * those before it, exactly as in separate transactions. A step's result is
 * given only once the transaction committed, so nothing is sent or reported
 * that was not stored. If the transaction fails, every step of the batch
 * fails with it and nothing of it is stored (the push then ends, as on any
 * store failure, and the next run picks the entries up again).
 */
import type { StoreScope, SyncDatabase } from '../store/database';

type Step = {
  work: (store: StoreScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export class WriteBatch {
  private queue: Step[] = [];
  private flushing = false;

  constructor(private readonly db: SyncDatabase) {}

  /** Runs `work` in the next transaction of the batch; resolves after that transaction committed. */
  run<T>(work: (store: StoreScope) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const steps = this.queue.splice(0);
        let results: unknown[];
        try {
          results = await this.db.write(async (store) => {
            const done: unknown[] = [];
            for (const step of steps) done.push(await step.work(store));
            return done;
          });
        } catch (error) {
          for (const step of steps) step.reject(error);
          continue;
        }
        steps.forEach((step, index) => step.resolve(results[index]));
      }
    } finally {
      this.flushing = false;
    }
  }
}
