/**
 * The sparkline's geometry as a table: where each value lands, when there
 * is nothing to draw, and that the curve never leaves the box or overshoots
 * between two points (a monotone cubic, as d3's curveMonotoneX).
 */
import { describe, expect, it } from 'vitest';
import { sparklinePath } from '@/ui/sparkline';

/** The points a path passes through (its start and each curve's end), as 'x,y x,y …'. */
function knots(line: string): string {
  const numbers = [...line.matchAll(/-?\d+(\.\d+)?/g)].map((match) => Number(match[0]));
  const points = [`${numbers[0]},${numbers[1]}`];
  for (let at = 2; at + 5 < numbers.length; at += 6) points.push(`${numbers[at + 4]},${numbers[at + 5]}`);
  return points.join(' ');
}

/** Every coordinate of a path, control points included, as [x, y] pairs. */
function coordinates(line: string): [number, number][] {
  const numbers = [...line.matchAll(/-?\d+(\.\d+)?/g)].map((match) => Number(match[0]));
  const pairs: [number, number][] = [];
  for (let at = 0; at + 1 < numbers.length; at += 2) pairs.push([numbers[at]!, numbers[at + 1]!]);
  return pairs;
}

describe('sparklinePath', () => {
  const cases: [string, number[], string | null][] = [
    ['no values', [], null],
    ['one value', [5], null],
    ['a value that is not a number', [1, Number.NaN, 3], null],
    ['an infinite value', [1, Number.POSITIVE_INFINITY], null],
    ['two values: lowest at the bottom inset, highest at the top inset', [0, 10], '0,35 100,1'],
    ['a falling series', [10, 5, 0], '0,1 50,18 100,35'],
    ['a flat series, in the middle', [7, 7, 7, 7], '0,18 33.33,18 66.67,18 100,18'],
    ['negative values scale like any other', [-4, 0, -2], '0,35 50,1 100,18'],
  ];

  it.each(cases)('%s', (_what, values, expected) => {
    const geometry = sparklinePath(values, 100, 36, 1);
    if (expected === null) return expect(geometry).toBeNull();
    expect(geometry).not.toBeNull();
    expect(knots(geometry!.line)).toEqual(expected);
    // The area is the line closed along the bottom of the box.
    expect(geometry!.area).toBe(`${geometry!.line}L100,36L0,36Z`);
  });

  it('never leaves the box and never overshoots between two points', () => {
    const series = [3, 9, 9, 1, 4, 4.5, 5, 20, 0, 2];
    const geometry = sparklinePath(series, 100, 36, 1)!;
    for (const [x, y] of coordinates(geometry.line)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(100);
      expect(y).toBeGreaterThanOrEqual(1);
      expect(y).toBeLessThanOrEqual(35);
    }
    // Between two equal neighbours (9, 9) the curve stays flat: both control points at their height.
    const flat = geometry.line.split('C')[2]!;
    const heights = coordinates(`M${flat}`).map(([, y]) => y);
    expect(new Set(heights).size).toBe(1);
  });

  it('two points make a straight line', () => {
    const geometry = sparklinePath([1, 2], 90, 30, 0)!;
    const [start, first, second, end] = coordinates(geometry.line);
    expect([start, end]).toEqual([
      [0, 30],
      [90, 0],
    ]);
    // The control points lie on that line, a third and two thirds along it.
    expect(first).toEqual([30, 20]);
    expect(second).toEqual([60, 10]);
  });
});
