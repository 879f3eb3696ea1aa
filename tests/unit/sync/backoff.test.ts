/**
 * The retry schedule: exponential growth to a ceiling, jitter kept inside
 * its bounds, and Retry-After (seconds or a date) winning when longer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF, nextRetryDelay, parseRetryAfter } from '@sync/engine/backoff';

describe('backoff schedule', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [5, 16_000],
    [9, 256_000],
    [10, 300_000],
    [40, 300_000],
  ])('retry %i has a ceiling of %i ms', (attempt, ceiling) => {
    expect(backoffCeiling(attempt, DEFAULT_BACKOFF)).toBe(ceiling);
  });

  it('draws between half the ceiling and the ceiling, at both ends of the random range', () => {
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(4_000);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.999999)).toBe(2_000);
  });

  it('always stays within the jitter bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, draw) => {
        const ceiling = backoffCeiling(attempt);
        const delay = backoffDelay(attempt, DEFAULT_BACKOFF, () => draw);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling * (1 - DEFAULT_BACKOFF.jitter)));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it('spreads retries: many draws for one attempt are not all equal', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  it.each([
    ['absent', null, undefined],
    ['seconds', '5', 5_000],
    ['zero', '0', 0],
    ['an HTTP date', 'Fri, 20 Nov 2026 10:00:30 GMT', 30_000],
    ['a past date', 'Fri, 20 Nov 2026 09:00:00 GMT', 0],
    ['garbage', 'soon', undefined],
    ['absurdly long (capped at an hour)', '999999', 3_600_000],
  ])('%s → %s', (_what, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it('wins over the backoff when longer, not when shorter', () => {
    expect(nextRetryDelay(1, 10_000, DEFAULT_BACKOFF, () => 0)).toBe(10_000);
    expect(nextRetryDelay(6, 10_000, DEFAULT_BACKOFF, () => 0)).toBe(32_000);
  });
});
