/**
 * A small series as a sparkline: an SVG line with its area faded below,
 * stretched to the width of its box. Decorative (hidden from assistive
 * technology): whoever shows one says the figures in words. Drawn here
 * rather than with a chart library: the dashboard's cards need only this,
 * and @mantine/charts with recharts was 82 kB brotli on a weak link's
 * first sign-in (docs/decisions/dashboard.md, "Charts").
 */
import { useId } from 'react';
import { sparklinePath } from './sparkline-path';

/** The drawing's own width; the SVG stretches it to its box (the stroke keeps its width). */
const VIEW_WIDTH = 100;

export interface SparklineProps {
  values: readonly number[];
  /** Height in pixels. */
  height: number;
  /** Any CSS color (a Mantine variable, e.g. `var(--mantine-color-cyan-6)`). */
  color: string;
  /** The fill's opacity at the line, fading to nothing at the bottom. */
  fillOpacity?: number;
  strokeWidth?: number;
}

export function Sparkline({ values, height, color, fillOpacity = 0.35, strokeWidth = 1.5 }: SparklineProps) {
  // React's ids hold characters a url(#…) reference would need escaped.
  const fadeId = `sparkline-fade-${useId().replace(/[^\w-]/g, '')}`;
  const geometry = sparklinePath(values, VIEW_WIDTH, height, strokeWidth);
  if (!geometry) return null;
  return (
    <svg
      viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-testid="sparkline"
    >
      <defs>
        <linearGradient id={fadeId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={color} stopOpacity={fillOpacity} />
          <stop offset="100%" stopColor={color} stopOpacity={0} />
        </linearGradient>
      </defs>
      <path d={geometry.area} fill={`url(#${fadeId})`} stroke="none" />
      <path
        d={geometry.line}
        fill="none"
        stroke={color}
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
