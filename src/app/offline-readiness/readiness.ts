/**
 * When the app is safe to use without a connection, and how far it is from
 * that (issue 26): the service worker controls the page, the precache's
 * first group (the shell and the samples screens) is on the device, and
 * the signed-in user's first sync has ended. The rest of the precache
 * (office screens, PDF) keeps downloading after "ready"; the hint
 * says how far. Pure, so the rule is tested as a table
 * (docs/decisions/offline-readiness.md).
 */
import { isGroupComplete, type GroupProgress, type PrecacheStatus } from './precache-protocol';

export interface ReadinessFacts {
  /** A service worker is registered for the app (false in browsers without one, and in development). */
  registered: boolean;
  /** A service worker controls this page (it answers its requests offline). */
  controlled: boolean;
  /** What the worker reported; null until it answered. */
  precache: PrecacheStatus | null;
  /** The user's first complete sync has ended (the device's store holds their data); null until the store was read. */
  synced: boolean | null;
}

export type Readiness =
  /** Nothing to show: no service worker, or its first answer (or the store's) has not come yet. */
  | { state: 'unknown' }
  | { state: 'preparing'; percent: number }
  /** `restPercent` is null once everything is on the device. */
  | { state: 'ready'; restPercent: number | null };

/**
 * Share of the progress that is the precache; the first sync is the rest.
 * The demo data's first sync is a few hundred kB against about 0.5 MB of
 * first-group files, and it runs at the same time, so a fixed share is close enough.
 */
export const PRECACHE_SHARE = 0.85;

function fraction(group: GroupProgress): number {
  if (group.bytes <= 0) return isGroupComplete(group) ? 1 : 0;
  return Math.min(1, group.cachedBytes / group.bytes);
}

export function computeReadiness(facts: ReadinessFacts): Readiness {
  // Said only once everything is known: a reload of a ready app must not flash 'Preparando…'.
  if (!facts.registered || facts.precache === null || facts.synced === null) return { state: 'unknown' };
  const { first, rest } = facts.precache;
  if (facts.controlled && isGroupComplete(first) && facts.synced) {
    return { state: 'ready', restPercent: isGroupComplete(rest) ? null : Math.floor(fraction(rest) * 100) };
  }
  const done = PRECACHE_SHARE * fraction(first) + (1 - PRECACHE_SHARE) * (facts.synced ? 1 : 0);
  // 100 % only with "ready": a page not yet in the worker's control cannot reopen offline.
  return { state: 'preparing', percent: Math.min(99, Math.floor(done * 100)) };
}

export const READINESS_TEXTS = {
  preparing: (percent: number) => `Preparando uso offline… ${percent} %`,
  ready: 'Pronto para uso offline',
  preparingHint: 'Baixando o aplicativo e os seus dados para este aparelho. Mantenha a conexão até aparecer "Pronto para uso offline".',
  readyHint: 'O aplicativo e os seus dados estão neste aparelho: pode trabalhar sem conexão.',
  restHint: (percent: number) => `Telas do escritório e impressão em PDF ainda baixando (${percent} %).`,
} as const;

/** The header's line and its hint, or null when there is nothing to say. */
export type ReadinessText = { label: string; hint: string; ready: boolean };

export function describeReadiness(readiness: Readiness): ReadinessText | null {
  switch (readiness.state) {
    case 'unknown':
      return null;
    case 'preparing':
      return { label: READINESS_TEXTS.preparing(readiness.percent), hint: READINESS_TEXTS.preparingHint, ready: false };
    case 'ready': {
      const rest = readiness.restPercent === null ? '' : ` ${READINESS_TEXTS.restHint(readiness.restPercent)}`;
      return { label: READINESS_TEXTS.ready, hint: `${READINESS_TEXTS.readyHint}${rest}`, ready: true };
    }
  }
}
