/**
 * What the service worker and the page share about the precache (issue 26):
 * the planned entries the build injects into the worker (each with its group
 * and weight), the worker's cache name and keys, the status it answers the
 * page with, and the message types. The worker (src/app/pwa/sw) and the
 * page's readiness watch both read these, so the two never disagree on what
 * "cached" means.
 */

/** 'first': what a technician needs to open the app offline and work on samples; 'rest': everything else. */
export type PrecacheGroup = 'first' | 'rest';

export interface PlannedEntry {
  /** Relative to the worker's scope, as workbox-build writes it (e.g. `assets/index-abc.js`, `index.html`). */
  url: string;
  /** null for hashed files (the name changes with the content). */
  revision: string | null;
  group: PrecacheGroup;
  /** The entry's weight in the progress: its gzip size (about what travels), at least 1. */
  bytes: number;
}

export interface GroupProgress {
  files: number;
  cachedFiles: number;
  bytes: number;
  cachedBytes: number;
}

export interface PrecacheStatus {
  first: GroupProgress;
  rest: GroupProgress;
}

export const READINESS_MESSAGES = {
  /** The page asks; the worker answers a PrecacheStatus on the message's port. */
  status: 'offline-readiness:status',
  /** The page asks the worker in control to fetch what is still missing (the worker stays alive while it does). */
  warmUp: 'offline-readiness:warm-up',
} as const;

/** What workbox-window's `messageSkipWaiting()` posts when the user chooses 'Recarregar'. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Workbox's precache cache name and key format, kept as they were: a device
 * that had the generateSW worker keeps every entry it already downloaded.
 */
export function precacheCacheName(scope: string): string {
  return `workbox-precache-v2-${scope}`;
}

export function precacheCacheKey(entry: Pick<PlannedEntry, 'url' | 'revision'>, scope: string): string {
  const url = new URL(entry.url, scope);
  if (entry.revision) url.searchParams.set('__WB_REVISION__', entry.revision);
  return url.href;
}

function emptyProgress(): GroupProgress {
  return { files: 0, cachedFiles: 0, bytes: 0, cachedBytes: 0 };
}

/** The status of `entries` given the keys the precache cache holds. */
export function summarizePrecache(entries: readonly PlannedEntry[], cachedKeys: ReadonlySet<string>, scope: string): PrecacheStatus {
  const status: PrecacheStatus = { first: emptyProgress(), rest: emptyProgress() };
  for (const entry of entries) {
    const group = status[entry.group];
    group.files += 1;
    group.bytes += entry.bytes;
    if (cachedKeys.has(precacheCacheKey(entry, scope))) {
      group.cachedFiles += 1;
      group.cachedBytes += entry.bytes;
    }
  }
  return status;
}

export function isGroupComplete(group: GroupProgress): boolean {
  return group.cachedFiles >= group.files;
}

/**
 * The plan as the worker receives it: vite-plugin-pwa appends the web
 * manifest's entry after the build's transform, without a group or a
 * weight; such an entry belongs to the first group and weighs 1.
 */
export function normalizePlan(raw: ReadonlyArray<{ url: string; revision?: string | null; group?: string; bytes?: number }>): PlannedEntry[] {
  return raw.map((entry) => ({
    url: entry.url,
    revision: entry.revision ?? null,
    group: entry.group === 'rest' ? 'rest' : 'first',
    bytes: Math.max(1, entry.bytes ?? 1),
  }));
}
