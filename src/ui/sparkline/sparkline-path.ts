/**
 * The geometry of a sparkline: a series of values drawn as a smooth line
 * (monotone cubic, as d3's `curveMonotoneX`: it never overshoots between
 * two points, so a series that only rises is drawn only rising) across a
 * box, and the area under it. Pure, so the shape is tested as a table; the
 * SVG is sparkline.tsx.
 */

export interface SparklineGeometry {
  /** The line's SVG path. */
  line: string;
  /** The line closed along the bottom of the box, for the fill. */
  area: string;
}

/** Two decimals are finer than a pixel at any size a sparkline is drawn. */
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * `values` spread evenly from 0 to `width`, the lowest at `height - inset`
 * and the highest at `inset` (a flat series in the middle). Null when there
 * is nothing to draw: fewer than two values, or one that is not a number.
 */
export function sparklinePath(values: readonly number[], width: number, height: number, inset = 1): SparklineGeometry | null {
  if (values.length < 2 || !values.every(Number.isFinite)) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low;
  const step = width / (values.length - 1);
  const points = values.map((value, index) => ({
    x: index * step,
    y: span === 0 ? height / 2 : inset + ((high - value) / span) * (height - 2 * inset),
  }));
  const tangents = monotoneTangents(points);
  let line = `M${round(points[0]!.x)},${round(points[0]!.y)}`;
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1]!;
    const to = points[index]!;
    const third = (to.x - from.x) / 3;
    line +=
      `C${round(from.x + third)},${round(from.y + third * tangents[index - 1]!)}` +
      ` ${round(to.x - third)},${round(to.y - third * tangents[index]!)}` +
      ` ${round(to.x)},${round(to.y)}`;
  }
  return { line, area: `${line}L${round(width)},${round(height)}L0,${round(height)}Z` };
}

/** The slope at each point (Fritsch–Carlson, as d3-shape's monotoneX): 0 at a peak or a valley. */
function monotoneTangents(points: readonly { x: number; y: number }[]): number[] {
  const slopes = points.slice(1).map((to, index) => (to.y - points[index]!.y) / (to.x - points[index]!.x));
  const tangents = points.map((_, index) => {
    if (index === 0 || index === points.length - 1) return 0;
    const before = slopes[index - 1]!;
    const after = slopes[index]!;
    if (before === 0 || after === 0 || Math.sign(before) !== Math.sign(after)) return 0;
    const h0 = points[index]!.x - points[index - 1]!.x;
    const h1 = points[index + 1]!.x - points[index]!.x;
    const blended = (before * h1 + after * h0) / (h0 + h1);
    return Math.sign(before) * Math.min(Math.abs(before), Math.abs(after), 0.5 * Math.abs(blended)) * 2;
  });
  // The ends: the slope a parabola through the end and its neighbour's tangent would have.
  const last = points.length - 1;
  tangents[0] = endTangent(slopes[0]!, tangents[1] ?? slopes[0]!, last === 1);
  tangents[last] = endTangent(slopes[last - 1]!, tangents[last - 1] ?? slopes[last - 1]!, last === 1);
  return tangents;
}

function endTangent(slope: number, neighbour: number, onlyTwoPoints: boolean): number {
  return onlyTwoPoints ? slope : (3 * slope - neighbour) / 2;
}
