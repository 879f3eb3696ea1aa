import { describe, expect, it } from 'vitest';
import { inHalfOpenRange, pickFirstInRange } from '@/domain/bands';

describe('inHalfOpenRange', () => {
  it.each<[number, number | null, number | null, boolean]>([
    [50, 50, 80, true],
    [80, 50, 80, false],
    [79.999, 50, 80, true],
    [49.999, 50, 80, false],
    [-1e9, null, 50, true],
    [1e9, 100, null, true],
    [0, null, null, true],
    // float noise is removed before comparing: 0.3 / 3 is 0.1 on paper
    [0.3 / 3, 0.1, 0.5, true],
    [0.3 / 3, null, 0.1, false],
  ])('%s in [%s, %s) → %s', (value, min, max, expected) => {
    expect(inHalfOpenRange(value, min, max)).toBe(expected);
  });
});

describe('pickFirstInRange', () => {
  type Bounds = { min: number | null; max: number | null };
  const entries: ReadonlyArray<readonly [string, Bounds]> = [
    ['a', { min: null, max: 10 }],
    ['b', { min: 10, max: 20 }],
    ['c', { min: 15, max: null }],
  ];

  it.each([
    [5, 'a'],
    [10, 'b'],
    [15, 'b'],
    [20, 'c'],
  ])('%s → %s (the first match wins)', (value, key) => {
    expect(pickFirstInRange(entries, value, (e) => e)?.key).toBe(key);
  });

  it('returns null when nothing matches', () => {
    expect(pickFirstInRange([['x', { min: 1, max: 2 }]] as const, 3, (e) => e)).toBeNull();
  });
});
