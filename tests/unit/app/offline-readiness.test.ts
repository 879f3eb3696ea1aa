/**
 * Offline readiness (issue 26): when the header says 'Pronto para uso
 * offline' and what percentage it shows before that, from the worker's
 * precache status and the first sync; the status itself from the cache's
 * keys; the plan as the worker receives it; the limited, order-keeping
 * downloads.
 */
import { describe, expect, it } from 'vitest';
import { normalizePlan, precacheCacheKey, summarizePrecache, type GroupProgress, type PlannedEntry } from '@/app/offline-readiness/precache-protocol';
import { computeReadiness, describeReadiness, type Readiness, type ReadinessFacts } from '@/app/offline-readiness/readiness';
import { runLimited } from '@/app/pwa/sw/run-limited';

const group = (bytes: number, cachedBytes: number, files = 10, cachedFiles = cachedBytes >= bytes ? files : files - 1): GroupProgress => ({
  files,
  cachedFiles,
  bytes,
  cachedBytes,
});
const facts = (over: Partial<ReadinessFacts>): ReadinessFacts => ({
  registered: true,
  controlled: true,
  precache: { first: group(1000, 1000), rest: group(4000, 4000) },
  synced: true,
  ...over,
});

describe('computeReadiness', () => {
  const cases: [string, Partial<ReadinessFacts>, Readiness][] = [
    ['no service worker registered', { registered: false }, { state: 'unknown' }],
    ['the worker has not answered yet', { precache: null }, { state: 'unknown' }],
    ['the store has not been read yet', { synced: null }, { state: 'unknown' }],
    [
      'nothing cached, not synced',
      { controlled: false, precache: { first: group(1000, 0), rest: group(4000, 0) }, synced: false },
      { state: 'preparing', percent: 0 },
    ],
    [
      'half the first group, not synced',
      { controlled: false, precache: { first: group(1000, 500), rest: group(4000, 0) }, synced: false },
      { state: 'preparing', percent: 42 },
    ],
    ['half the first group, synced', { precache: { first: group(1000, 500), rest: group(4000, 0) } }, { state: 'preparing', percent: 57 }],
    [
      'first group cached, not synced',
      { precache: { first: group(1000, 1000), rest: group(4000, 0) }, synced: false },
      { state: 'preparing', percent: 85 },
    ],
    ['all cached and synced, but no worker in control yet', { controlled: false }, { state: 'preparing', percent: 99 }],
    // Bytes all there but one file missing (a weight rounded): not ready, and never 100 % before ready.
    ['every byte but not every file', { precache: { first: group(1000, 1000, 10, 9), rest: group(4000, 0) } }, { state: 'preparing', percent: 99 }],
    [
      'first group and sync done, rest at a quarter',
      { precache: { first: group(1000, 1000), rest: group(4000, 1000) } },
      { state: 'ready', restPercent: 25 },
    ],
    ['everything on the device', {}, { state: 'ready', restPercent: null }],
    [
      'an empty first group counts as complete',
      { precache: { first: group(0, 0, 0, 0), rest: group(0, 0, 0, 0) } },
      { state: 'ready', restPercent: null },
    ],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(computeReadiness(facts(over))).toEqual(expected);
  });
});

describe('describeReadiness', () => {
  it.each([
    [{ state: 'unknown' } as Readiness, null],
    [{ state: 'preparing', percent: 45 } as Readiness, 'Preparando uso offline… 45 %'],
    [{ state: 'ready', restPercent: 30 } as Readiness, 'Pronto para uso offline'],
    [{ state: 'ready', restPercent: null } as Readiness, 'Pronto para uso offline'],
  ])('%o → %s', (readiness, label) => {
    expect(describeReadiness(readiness)?.label ?? null).toBe(label);
  });

  it('says in the hint how far the office screens are, only while they download', () => {
    expect(describeReadiness({ state: 'ready', restPercent: 30 })?.hint).toContain('ainda baixando (30 %)');
    expect(describeReadiness({ state: 'ready', restPercent: null })?.hint).not.toContain('baixando');
  });
});

describe('summarizePrecache', () => {
  const scope = 'https://app.example/';
  const entries: PlannedEntry[] = [
    { url: 'index.html', revision: 'abc', group: 'first', bytes: 100 },
    { url: 'assets/index-1.js', revision: null, group: 'first', bytes: 900 },
    { url: 'assets/pdf-2.js', revision: null, group: 'rest', bytes: 3000 },
    { url: 'assets/font-3.ttf', revision: null, group: 'rest', bytes: 1000 },
  ];

  it('counts the files and bytes whose key is in the cache, per group', () => {
    const cached = new Set([precacheCacheKey(entries[0]!, scope), precacheCacheKey(entries[3]!, scope)]);
    expect(summarizePrecache(entries, cached, scope)).toEqual({
      first: { files: 2, cachedFiles: 1, bytes: 1000, cachedBytes: 100 },
      rest: { files: 2, cachedFiles: 1, bytes: 4000, cachedBytes: 1000 },
    });
  });

  it("uses workbox's keys, so an earlier version's entries count", () => {
    expect(precacheCacheKey(entries[0]!, scope)).toBe('https://app.example/index.html?__WB_REVISION__=abc');
    expect(precacheCacheKey(entries[1]!, scope)).toBe('https://app.example/assets/index-1.js');
  });

  it('does not count an entry cached under another revision', () => {
    const cached = new Set([precacheCacheKey({ url: 'index.html', revision: 'old' }, scope)]);
    expect(summarizePrecache(entries, cached, scope).first.cachedFiles).toBe(0);
  });
});

describe('normalizePlan', () => {
  it('puts an entry without group or weight (the web manifest, added after the transform) in the first group, weighing 1', () => {
    expect(
      normalizePlan([
        { url: 'manifest.webmanifest', revision: 'r1' },
        { url: 'assets/a.js', revision: null, group: 'rest', bytes: 500 },
        { url: 'assets/b.js', revision: null, group: 'first', bytes: 0 },
      ]),
    ).toEqual([
      { url: 'manifest.webmanifest', revision: 'r1', group: 'first', bytes: 1 },
      { url: 'assets/a.js', revision: null, group: 'rest', bytes: 500 },
      { url: 'assets/b.js', revision: null, group: 'first', bytes: 1 },
    ]);
  });
});

describe('runLimited', () => {
  it('keeps at most `limit` tasks running, starts them in order, and tries every item when some fail', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const { failed } = await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (item % 3)));
      running -= 1;
      if (item % 2 === 0) throw new Error('lost');
    });
    expect(peak).toBe(3);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(failed.sort()).toEqual([2, 4, 6]);
  });
});
