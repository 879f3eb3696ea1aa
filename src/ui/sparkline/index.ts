/** A decorative sparkline (sparkline.tsx) and its geometry (sparkline-path.ts). */
export { Sparkline, type SparklineProps } from './sparkline';
export { sparklinePath, type SparklineGeometry } from './sparkline-path';
