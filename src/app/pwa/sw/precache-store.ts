/**
 * The service worker's precache (issue 26), in workbox's cache name and key
 * format: fetches a group of planned entries a few at a time (first group
 * while installing, the rest after taking control), never the same file
 * twice (one download per key, shared by the warm-up and a page's request
 * for it; an entry already in the cache, from this version or an earlier
 * one, is not fetched again), answers requests from it, reports how much
 * is cached, and drops what the current plan no longer lists.
 */
import {
  precacheCacheKey,
  precacheCacheName,
  summarizePrecache,
  type PlannedEntry,
  type PrecacheGroup,
  type PrecacheStatus,
} from '../../offline-readiness/precache-protocol';
import { runLimited } from './run-limited';

export interface PrecacheStoreOptions {
  entries: readonly PlannedEntry[];
  /** The worker's registration scope (an absolute URL ending in '/'). */
  scope: string;
  caches: CacheStorage;
  fetch: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
  /** Downloads at once: a browser opens six connections per host over HTTP/1.1. */
  concurrency?: number;
  /** Waits before each new try of a failed download (weak links drop requests). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

export interface PrecacheStore {
  /** Downloads the group's missing entries; rejects when some could not be fetched after the retries. */
  cacheGroup(group: PrecacheGroup): Promise<void>;
  /** The rest group, once at a time; failures wait for the next call (the next page load). */
  warmUp(): Promise<void>;
  status(): Promise<PrecacheStatus>;
  /** Deletes cached keys the plan does not list (an earlier version's files). */
  removeOutdated(): Promise<void>;
  /** The planned entry for a request URL, if any. */
  lookup(url: string): PlannedEntry | undefined;
  /** The app's HTML, answered to every navigation. */
  shell: PlannedEntry | undefined;
  /** From the cache; a miss is downloaded into the cache first (once), then the network as is. */
  respond(entry: PlannedEntry, request: Request): Promise<Response>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPrecacheStore(options: PrecacheStoreOptions): PrecacheStore {
  const { entries, scope, caches } = options;
  const concurrency = options.concurrency ?? 6;
  const retryDelays = options.retryDelaysMs ?? [1_000, 4_000];
  const sleep = options.sleep ?? defaultSleep;
  const cacheName = precacheCacheName(scope);
  const byUrl = new Map(entries.map((entry) => [new URL(entry.url, scope).href, entry]));
  const downloads = new Map<string, Promise<void>>();
  let warming: Promise<void> | null = null;

  async function download(entry: PlannedEntry, key: string): Promise<void> {
    const cache = await caches.open(cacheName);
    if (await cache.match(key)) return;
    // Hashed files may come from the HTTP cache (the page already loaded the shell's); the others are revalidated.
    // Low priority: over HTTP/1.1 the page's own requests (its scripts, the first sync's calls) share the
    // host's six connections with these, and a freed connection goes to the most urgent request waiting.
    const response = await options.fetch(new URL(entry.url, scope).href, {
      credentials: 'same-origin',
      cache: entry.revision ? 'no-cache' : 'default',
      priority: 'low',
    });
    if (!response.ok) throw new Error(`precache: ${entry.url} answered ${response.status}`);
    // A redirected response cannot answer a navigation: keep its body in a fresh one, as workbox does.
    const stored = response.redirected
      ? new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers })
      : response;
    await cache.put(key, stored);
  }

  function ensureCached(entry: PlannedEntry): Promise<void> {
    const key = precacheCacheKey(entry, scope);
    const running = downloads.get(key);
    if (running) return running;
    const task = download(entry, key).finally(() => downloads.delete(key));
    downloads.set(key, task);
    return task;
  }

  async function withRetries(entry: PlannedEntry): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await ensureCached(entry);
      } catch (error) {
        const delay = retryDelays[attempt];
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  async function cacheGroup(group: PrecacheGroup): Promise<void> {
    const { failed } = await runLimited(
      entries.filter((entry) => entry.group === group),
      concurrency,
      withRetries,
    );
    if (failed.length > 0) throw new Error(`precache: ${failed.length} files of the ${group} group could not be fetched`);
  }

  async function cachedKeys(): Promise<Set<string>> {
    const cache = await caches.open(cacheName);
    return new Set((await cache.keys()).map((request) => request.url));
  }

  return {
    cacheGroup,
    warmUp() {
      warming ??= cacheGroup('rest')
        .catch(() => {})
        .finally(() => {
          warming = null;
        });
      return warming;
    },
    async status() {
      return summarizePrecache(entries, await cachedKeys(), scope);
    },
    async removeOutdated() {
      const expected = new Set(entries.map((entry) => precacheCacheKey(entry, scope)));
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        if (!expected.has(request.url)) await cache.delete(request);
      }
    },
    lookup(url) {
      const parsed = new URL(url);
      return byUrl.get(`${parsed.origin}${parsed.pathname}`);
    },
    shell: byUrl.get(new URL('index.html', scope).href),
    async respond(entry, request) {
      const key = precacheCacheKey(entry, scope);
      const cache = await caches.open(cacheName);
      const cached = await cache.match(key);
      if (cached) return cached;
      try {
        await ensureCached(entry);
        const stored = await cache.match(key);
        if (stored) return stored;
      } catch {
        // Not downloadable now: the network answers as it would without a worker.
      }
      return options.fetch(request);
    },
  };
}
