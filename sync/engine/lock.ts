/**
 * One tab runs the engine: the tab holding the Web Lock `sync-engine` for as
 * long as it lives. Other tabs queue for the lock and take over when the
 * holder closes. Where Web Locks do not exist (Node tests), the task runs at
 * once.
 */
export const ENGINE_LOCK_NAME = 'sync-engine';

export interface EngineLock {
  /** Runs `task` while holding the lock; resolves when the task ends. */
  run(task: () => Promise<void>): Promise<void>;
}

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

export function webLocksLock(name = ENGINE_LOCK_NAME): EngineLock | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return null;
  return { run: (task) => locks.request(name, task) };
}

export const noLock: EngineLock = { run: (task) => task() };

/** Web Locks when the platform has them, else none. */
export function defaultLock(): EngineLock {
  return webLocksLock() ?? noLock;
}
