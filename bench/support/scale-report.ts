/**
 * The table of part api-scale: per server and figure, the median over the
 * runs of each run's p50 and p95 with their min–max, the p50 as a multiple
 * of the same run's baseline (one agent by id), the goal and whether it was
 * met; then the held rates with the server's CPU per call.
 */
import { SCALE_GOALS, type ApiScaleResults, type ScaleFigure, type ScaleServerFigure } from '../api-scale';
import { median, round } from './stats';

const BASELINE = 'baseline: one agent by id';

/** The goal a figure is held to: a search's p95, a page's p50. */
function goalOf(name: string): { on: 'p50Ms' | 'p95Ms'; ms: number } | null {
  if (name.includes('search, first time')) return { on: 'p95Ms', ms: SCALE_GOALS.searchP95Ms };
  if (/page 1|middle page|last page/.test(name)) return { on: 'p50Ms', ms: SCALE_GOALS.pageP50Ms };
  return null;
}

const spread = (values: number[]) => `${round(median(values), 1)} (${round(Math.min(...values), 1)}–${round(Math.max(...values), 1)})`;

function row(server: ScaleServerFigure, figure: ScaleFigure, baseline: ScaleFigure | undefined): string[] {
  const p50s = figure.runs.map((run) => run.p50Ms);
  const p95s = figure.runs.map((run) => run.p95Ms);
  const ratios = baseline ? figure.runs.map((run, index) => run.p50Ms / baseline.runs[index]!.p50Ms) : [];
  const goal = goalOf(figure.name);
  const met = goal === null ? '' : median(figure.runs.map((run) => run[goal.on])) < goal.ms ? 'met' : 'MISSED';
  return [
    `${server.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} ×${server.workers}, ${server.code} (${server.commit})`,
    figure.name,
    spread(p50s),
    spread(p95s),
    ratios.length > 0 ? `${spread(ratios)}×` : '',
    goal === null ? '' : `${goal.on === 'p50Ms' ? 'p50' : 'p95'} < ${goal.ms} ms: ${met}`,
  ];
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => r[column]!.length)));
  const line = (r: string[]) => r.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function formatApiScale(results: ApiScaleResults): string {
  const header = [`API at ${results.rows.toLocaleString('en')} rows`, 'Figure', 'p50 ms (runs)', 'p95 ms (runs)', 'p50 ÷ baseline', 'Goal'];
  const rows = results.servers.flatMap((server) => {
    const baseline = server.figures.find((figure) => figure.name === BASELINE);
    return server.figures.map((figure) => row(server, figure, baseline));
  });
  const held = [
    ['Held at p99 < 25 ms (agents page 1)', 'Calls/s (runs)', 'CPU/call: server (+ PostgreSQL)', 'Load, CPU pressure', 'Goal'],
    ...results.servers.map((server) => [
      `${server.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} ×${server.workers}, ${server.code} (${server.commit})`,
      `${median(server.ladders.map((l) => l.sustained))} (${server.ladders.map((l) => l.sustained).join(', ')})`,
      `${server.ladders.map((l) => (l.databaseCpuMs === null ? `${l.cpuMs}` : `${l.cpuMs} + ${l.databaseCpuMs}`)).join(', ')} ms`,
      server.ladders.map((l) => `${l.load}${l.pressure === null ? '' : ` ${Math.round(l.pressure * 100)} %`}`).join('; '),
      server.database === 'postgres' && server.code === 'after'
        ? `≥ ${SCALE_GOALS.heldRate}/s: ${median(server.ladders.map((l) => l.sustained)) >= SCALE_GOALS.heldRate ? 'met' : 'MISSED'}`
        : '',
    ]),
  ];
  return [table([header, ...rows]), '', table(held), ...results.skipped].join('\n');
}
