/**
 * What the browser tests and the bench ask the app's service worker about
 * its precache (src/app/pwa/sw; the messages and the status are the app's
 * own, src/app/offline-readiness/precache-protocol.ts): how much of each
 * group is cached, and waiting until all of it is.
 */
import type { Page } from 'playwright-core';
import { isGroupComplete, READINESS_MESSAGES, type PrecacheStatus } from '@/app/offline-readiness/precache-protocol';
import { pollUntil } from './page-poll';

type Question = { warmUp: boolean; timeoutMs: number; messages: typeof READINESS_MESSAGES };

/** Runs in the page (self-contained): the answer of the worker in control, or null; `warmUp` also asks it to fetch what is missing. */
function askWorker({ warmUp, timeoutMs, messages }: Question): Promise<PrecacheStatus | null> {
  const controller = navigator.serviceWorker?.controller;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as PrecacheStatus);
    };
    if (warmUp) controller.postMessage({ type: messages.warmUp });
    controller.postMessage({ type: messages.status }, [channel.port2]);
  });
}

/** The worker's status; null without a worker in control, or one that did not answer within `timeoutMs`. */
export function precacheCounts(page: Page, { warmUp = false, timeoutMs = 2_000 } = {}): Promise<PrecacheStatus | null> {
  return page.evaluate(askWorker, { warmUp, timeoutMs, messages: READINESS_MESSAGES });
}

export const isPrecacheComplete = (status: PrecacheStatus | null): boolean =>
  status !== null && isGroupComplete(status.first) && isGroupComplete(status.rest);

/**
 * Until the worker in control has all of its plan cached: the first group
 * at install, the rest after it took control, so any screen opens offline.
 */
export async function waitForPrecache(page: Page, timeoutMs = 60_000): Promise<void> {
  await pollUntil(async () => isPrecacheComplete(await precacheCounts(page, { warmUp: true })), {
    intervalMs: 500,
    timeoutMs,
    what: 'the precache',
  });
}
