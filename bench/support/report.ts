/**
 * The benchmark's results: their shape in bench/results.json, the machine
 * they were measured on, and the table printed at the end of a run.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { ApiThroughputResults } from '../api-throughput';
import { round } from './stats';
import type { FirstLoadFigure } from '../first-load';
import type { PhotosFigure } from '../photos';
import type { QuotationTypingFigure } from '../quotation-typing';
import type { SampleTypingResults } from '../sample-typing';

export interface PushSide {
  /** Each timed run, in the order run. */
  runsMs: number[];
  medianMs: number;
  /** Average requests in flight per run. */
  inFlight: number[];
  /** CPU of the client process per run (Node only). */
  clientCpuMs: Array<number | null>;
}

export interface PushFigure {
  environment: 'node + fake-indexeddb' | 'chromium';
  creates: number;
  concurrency: number;
  engine: PushSide & { queueMs: number[]; syncRunMs: number[] };
  direct: PushSide;
  /** median(engine push) / median(direct). */
  ratio: number;
  /** engine / direct of each alternating round. */
  pairRatios: number[];
  /** The engine with one request per create (pushBatchSize 1), in the same rounds; ratio against direct's median. */
  single: PushSide & { ratio: number };
  /** HTTP requests of each engine run (batch calls). */
  requests: number[];
  goal: number;
  met: boolean;
}

export interface PullFigure {
  environment: 'node + fake-indexeddb' | 'chromium';
  records: number;
  pageSize: number;
  ms: number;
  recordsPerSecond: number;
  /** The same list calls with plain fetch, nothing stored (after one untimed warm-up). */
  directMs: number;
  /** ms / directMs. */
  ratio: number;
}

export interface SearchFigure {
  environment: 'node + fake-indexeddb' | 'chromium';
  records: number;
  queries: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Page 1 without a search, median. */
  baselineMedianMs: number;
  /** Of that, counting every record for the total (median). */
  baselineCountMedianMs: number;
  /** Median search time by how many records the term matches: up to 100, 101 to 1,000, more. */
  byMatches: Record<'upTo100' | 'upTo1000' | 'over1000', { queries: number; medianMs: number | null }>;
  /** medianMs / baselineMedianMs. */
  ratioToBaseline: number;
  goalMs: number | null;
  met: boolean | null;
  terms: Array<{ term: string; total: number; ms: number }>;
  /** The first search on a connection just opened (search rows not in memory yet), the rows stored: median and slowest. */
  firstSearchMs: number;
  firstSearchMaxMs: number;
  /** The same with no stored rows (the records read). */
  firstSearchNoSnapshotMs: number;
  /** From the end of the pull to the rows stored, in the background. */
  snapshotStoredAfterMs: number;
  /** The first search's goal (issue 26: < 300 ms at 50,000 records). */
  firstGoalMs: number | null;
}

export interface BenchResults {
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    platform: string;
    chromium: string | null;
    /** 1-minute load average when the run started and ended (the machine may be shared). */
    loadAverage: { start: number; end: number };
  };
  durationSeconds: number;
  push: PushFigure[];
  pull: PullFigure[];
  /** bench/first-load.ts; null when that part did not run. */
  firstLoad: FirstLoadFigure | null;
  /** Issue 13: photo reduction and a sample with 20 photos opened (bench/photos.ts). */
  photos?: PhotosFigure | null;
  /** Issue 11: keystroke to total in a 100-row quotation (bench/quotation-typing.ts). */
  quotationTyping?: QuotationTypingFigure | null;
  search: SearchFigure[];
  /** Part api-throughput (bench/api-throughput.ts). */
  apiThroughput?: ApiThroughputResults;
  /** Part sample-typing (bench/sample-typing.ts): typing at the machine's speed and with the CPU throttled, and opening a sample with 20 photos. */
  sampleTyping?: SampleTypingResults;
}

export function machineInfo(): Omit<BenchResults['machine'], 'chromium' | 'loadAverage'> {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export const loadAverageNow = (): number => round(loadavg()[0] ?? 0, 2);

const ms = (value: number) => `${value >= 100 ? Math.round(value) : round(value, 1)} ms`;
const s = (value: number) => `${round(value / 1000, 2)} s`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function formatResults(results: BenchResults): string {
  const rows: string[][] = [['Figure', 'Where', 'Result', 'Baseline (same run)', 'Ratio', 'Goal']];
  for (const push of results.push) {
    rows.push([
      `Push ${push.creates} queued creates (median of ${push.engine.runsMs.length})`,
      push.environment,
      `engine ${s(push.engine.medianMs)}`,
      `direct HTTP ${s(push.direct.medianMs)} (${push.concurrency} in flight)`,
      `${round(push.ratio, 2)}× (rounds ${push.pairRatios.map((value) => round(value, 2)).join(', ')})`,
      `≤ ${push.goal}× every round ${push.met ? 'met' : 'MISSED'}`,
    ]);
    rows.push([
      `  the same, one request per create`,
      push.environment,
      `engine ${s(push.single.medianMs)}`,
      `direct HTTP ${s(push.direct.medianMs)}`,
      `${round(push.single.ratio, 2)}×`,
      '(before batch calls)',
    ]);
  }
  for (const pull of results.pull) {
    rows.push([
      `Pull ${pull.records} records into an empty store`,
      pull.environment,
      `${s(pull.ms)} (${Math.round(pull.recordsPerSecond)} records/s)`,
      `list calls alone ${s(pull.directMs)}`,
      `${round(pull.ratio, 2)}×`,
      '',
    ]);
  }
  for (const search of results.search) {
    rows.push([
      `Search ${search.records} records, page 1 (median of ${search.queries})`,
      search.environment,
      `${ms(search.medianMs)} (p95 ${ms(search.p95Ms)})`,
      `page 1 unsearched ${ms(search.baselineMedianMs)} (count ${ms(search.baselineCountMedianMs)})`,
      `${round(search.ratioToBaseline, 1)}×`,
      search.goalMs === null ? '(secondary)' : `< ${search.goalMs} ms ${search.met ? 'met' : 'MISSED'}`,
    ]);
    rows.push([
      `First search after opening, rows stored (median of 5)`,
      search.environment,
      `${ms(search.firstSearchMs)} (slowest ${ms(search.firstSearchMaxMs)})`,
      `records read instead ${ms(search.firstSearchNoSnapshotMs)}`,
      `${round(search.firstSearchMs / search.firstSearchNoSnapshotMs, 2)}×`,
      search.firstGoalMs === null ? '(secondary)' : `< ${search.firstGoalMs} ms ${search.firstSearchMs < search.firstGoalMs ? 'met' : 'MISSED'}`,
    ]);
    rows.push(['Search rows stored after the pull', search.environment, s(search.snapshotStoredAfterMs), '(in the background)', '', '']);
  }
  const machine = results.machine;
  return [
    table(rows),
    '',
    `${results.date} · ${machine.cpus} × ${machine.cpuModel} · Node ${machine.node} · Chromium ${machine.chromium ?? '-'} · load ${machine.loadAverage.start} → ${machine.loadAverage.end} · ${results.durationSeconds} s`,
  ].join('\n');
}
