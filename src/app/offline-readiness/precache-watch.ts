/**
 * Follows the service worker's precache from the page: asks the worker
 * that matters (the one in control; before there is one, the one
 * installing) how much of its plan is cached, every second until all of
 * it is, and asks the worker in control to fetch the rest (its warm-up,
 * again every half minute while something is missing: a browser may stop an
 * idle worker) once `mayWarmUp` says so: the page holds it back while the
 * user's first sync runs, which then has the link to itself (on a weak link
 * the rest's megabyte made the first sync of 10,000 agents twice as long).
 * The answer is read from the cache itself, so a reload in the middle of
 * the install picks up where it is.
 */
import { isGroupComplete, READINESS_MESSAGES, type PrecacheStatus } from './precache-protocol';

export interface PrecacheFacts {
  registered: boolean;
  controlled: boolean;
  precache: PrecacheStatus | null;
}

const WARM_UP_AGAIN_MS = 30_000;

/** The worker's status, or null when it did not answer in time (an old worker that does not know the question). */
export function askPrecacheStatus(worker: ServiceWorker, timeoutMs = 3_000): Promise<PrecacheStatus | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data as PrecacheStatus);
    };
    worker.postMessage({ type: READINESS_MESSAGES.status }, [channel.port2]);
  });
}

export interface WatchOptions {
  /** Whether the rest may be fetched now (asked each round); always, unless given. */
  mayWarmUp?: () => boolean;
  intervalMs?: number;
}

export function watchPrecache(
  container: ServiceWorkerContainer,
  onFacts: (facts: PrecacheFacts) => void,
  { mayWarmUp = () => true, intervalMs = 1_000 }: WatchOptions = {},
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: PrecacheStatus | null = null;
  let warmed: { worker: ServiceWorker; at: number } | null = null;

  const check = async () => {
    try {
      await observe();
    } catch {
      // A worker replaced between two calls (redundant): the next round asks the new one.
      if (!stopped) timer = setTimeout(() => void check(), intervalMs);
    }
  };
  const observe = async () => {
    const registration = await container.getRegistration().catch(() => undefined);
    const controller = container.controller;
    const worker = controller ?? registration?.installing ?? registration?.waiting ?? registration?.active ?? null;
    const answer = worker ? await askPrecacheStatus(worker) : null;
    if (stopped) return;
    last = answer ?? last;
    const complete = last !== null && isGroupComplete(last.first) && isGroupComplete(last.rest);
    const due = warmed?.worker !== controller || Date.now() - warmed.at > WARM_UP_AGAIN_MS;
    if (controller && !complete && due && mayWarmUp()) {
      warmed = { worker: controller, at: Date.now() };
      controller.postMessage({ type: READINESS_MESSAGES.warmUp });
    }
    onFacts({ registered: registration !== undefined, controlled: controller !== null, precache: last });
    if (!(controller && complete)) timer = setTimeout(() => void check(), intervalMs);
  };
  const onControllerChange = () => {
    clearTimeout(timer);
    void check();
  };
  container.addEventListener('controllerchange', onControllerChange);
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
    container.removeEventListener('controllerchange', onControllerChange);
  };
}
