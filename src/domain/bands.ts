/**
 * The one range rule every threshold table in the product uses (samples.md
 * section 4; calculations.md sections 1-3): the lower bound is inclusive,
 * the upper bound exclusive, a missing lower bound is minus infinity and a
 * missing upper bound is infinity.
 *
 * The value is cleaned of float noise first (decimal.ts `stable`), so a
 * computed ratio that is on a boundary on paper (0.3 / 3 = 0.1) falls in the
 * band that starts there.
 */
import { stable } from './decimal';

export function inHalfOpenRange(value: number, min: number | null | undefined, max: number | null | undefined): boolean {
  const v = stable(value);
  const aboveMin = min === null || min === undefined || v >= min;
  const belowMax = max === null || max === undefined || v < max;
  return aboveMin && belowMax;
}

/** The first entry whose [min, max) contains the value, with its key; null when none does. */
export function pickFirstInRange<K extends string, T>(
  entries: ReadonlyArray<readonly [K, T]>,
  value: number,
  bounds: (entry: T) => { min: number | null | undefined; max: number | null | undefined },
): { key: K; entry: T } | null {
  for (const [key, entry] of entries) {
    const { min, max } = bounds(entry);
    if (inHalfOpenRange(value, min, max)) return { key, entry };
  }
  return null;
}
