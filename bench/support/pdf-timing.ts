/** The figures of repeated PDF renderings: every run, the median and the spread, the file's size. */
import { median, round } from './stats';

export interface PdfTiming {
  runsMs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  bytes: number;
}

export function pdfTiming(runs: Array<{ ms: number; bytes: number }>): PdfTiming {
  const times = runs.map((run) => run.ms);
  return {
    runsMs: times.map((ms) => round(ms)),
    medianMs: round(median(times)),
    minMs: round(Math.min(...times)),
    maxMs: round(Math.max(...times)),
    bytes: runs[0]!.bytes,
  };
}
