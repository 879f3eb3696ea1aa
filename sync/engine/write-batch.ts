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
 * store failure, and the next run picks the entries up again). With
 * `GatherOptions`, a transaction first waits a few milliseconds for more steps.
 */
import type { StoreScope, SyncDatabase } from '../store/database';

type Step = {
  work: (store: StoreScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * A short wait before each transaction for more steps: until `steps()` are
 * queued (the push's workers still running, each with at most one step due
 * at a time) or `windowMs` passed. In Chromium each read-write transaction costs the
 * browser's IndexedDB about a millisecond of CPU, and the answers of four
 * sends in flight come back spread out, so without the wait most
 * transactions held one or two steps. The wait costs a send nothing: while
 * a step waits, the entry it prepared the step before is already on its way
 * (push.ts keeps one prepared ahead per worker).
 */
export interface GatherOptions {
  steps: () => number;
  windowMs: number;
}

export class WriteBatch {
  private queue: Step[] = [];
  private flushing = false;
  private gathered: (() => void) | null = null;

  constructor(
    private readonly db: SyncDatabase,
    private readonly gather: GatherOptions | null = null,
  ) {}

  /** Runs `work` in the next transaction of the batch; resolves after that transaction committed. */
  run<T>(work: (store: StoreScope) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.gather && this.queue.length >= this.gather.steps()) this.gathered?.();
      if (!this.flushing) void this.flush();
    });
  }

  private shouldGather(): boolean {
    return this.gather !== null && this.gather.windowMs > 0 && this.queue.length < this.gather.steps();
  }

  /** Waits for the window to gather more steps (GatherOptions). */
  private async gatherSteps(): Promise<void> {
    const windowMs = this.gather!.windowMs;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, windowMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.gathered = done;
    });
    this.gathered = null;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        if (this.shouldGather()) await this.gatherSteps();
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
