/**
 * What the browser tests and the bench ask the app's service worker about
 * its precache (src/app/pwa/sw, src/app/offline-readiness/precache-protocol.ts):
 * how many of each group's files are cached, and waiting until all are.
 */
import type { Page } from 'playwright-core';
import { pollUntil } from './page-poll';

interface GroupCounts {
  files: number;
  cachedFiles: number;
}
export interface PrecacheCounts {
  first: GroupCounts;
  rest: GroupCounts;
}

/** Runs in the page (self-contained): the answer of the worker in control, or null; `warmUp` also asks it to fetch what is missing. */
function askWorker(warmUp: boolean): Promise<PrecacheCounts | null> {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 2_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as PrecacheCounts);
    };
    if (warmUp) controller.postMessage({ type: 'offline-readiness:warm-up' });
    controller.postMessage({ type: 'offline-readiness:status' }, [channel.port2]);
  });
}

export function precacheCounts(page: Page, { warmUp = false } = {}): Promise<PrecacheCounts | null> {
  return page.evaluate(askWorker, warmUp);
}

/**
 * Until the worker in control has all of its plan cached: the first group
 * at install, the rest after it took control, so any screen opens offline.
 */
export async function waitForPrecache(page: Page, timeoutMs = 60_000): Promise<void> {
  await pollUntil(
    async () => {
      const counts = await precacheCounts(page, { warmUp: true });
      return counts !== null && counts.first.cachedFiles === counts.first.files && counts.rest.cachedFiles === counts.rest.files;
    },
    { intervalMs: 500, timeoutMs, what: 'the precache' },
  );
}
