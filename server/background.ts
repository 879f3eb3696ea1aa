/**
 * Work a request starts but does not wait for (sending e-mail), tracked so
 * the server finishes it before closing and failures reach the log.
 */
export type BackgroundLog = { error(obj: object, message: string): void };

export type BackgroundTasks = {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has settled. */
  drain(): Promise<void>;
};

export function createBackgroundTasks(log: BackgroundLog): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
