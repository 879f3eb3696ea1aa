/**
 * The service worker (vite-plugin-pwa `injectManifest`; the build injects
 * the planned precache at its injection point, scripts/build/precache-plan.ts).
 *
 * - Install: downloads the first group (the shell, the samples screens, what
 *   they load), six at a time, so a technician's tablet is ready offline in
 *   seconds rather than after the whole app (issue 26).
 * - Activate: drops an earlier version's files and takes control of open
 *   pages at once (the first visit must work offline; a later version waits
 *   for 'Recarregar', see src/app/pwa/update-prompt.tsx).
 * - After that, each page asks it to warm up: the rest (office screens,
 *   PDF, fonts) goes into the same cache, never downloaded twice.
 * - Answers precached files and every navigation (but /api and /oauth) from
 *   the cache; the page asks it how much is cached (the header's readiness).
 */
import { normalizePlan, READINESS_MESSAGES, SKIP_WAITING_MESSAGE } from '../../offline-readiness/precache-protocol';
import { createPrecacheStore } from './precache-store';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
/** What this file uses of ServiceWorkerGlobalScope (the project's lib is the DOM's). */
interface WorkerScope {
  __WB_MANIFEST: Parameters<typeof normalizePlan>[0];
  registration: { scope: string };
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const NAVIGATION_DENYLIST = [/^\/api\//, /^\/oauth\//];

const store = createPrecacheStore({
  // Written out in full: workbox-build looks for this exact text to inject the plan.
  entries: normalizePlan((self as unknown as WorkerScope).__WB_MANIFEST),
  scope: worker.registration.scope,
  caches,
  fetch: (input, init) => fetch(input, init),
});

worker.addEventListener('install', (event) => {
  event.waitUntil(store.cacheGroup('first'));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(store.removeOutdated().then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  const entry = store.lookup(request.url);
  if (entry) {
    event.respondWith(store.respond(entry, request));
    return;
  }
  if (request.mode === 'navigate' && store.shell && !NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(store.respond(store.shell, request));
  }
});

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING_MESSAGE) {
    event.waitUntil(worker.skipWaiting());
  } else if (type === READINESS_MESSAGES.status) {
    const port = event.ports[0];
    if (port) event.waitUntil(store.status().then((status) => port.postMessage(status)));
  } else if (type === READINESS_MESSAGES.warmUp) {
    // Waiting on it keeps the worker alive while the rest downloads.
    event.waitUntil(store.warmUp());
  }
});
