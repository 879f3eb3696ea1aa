/**
 * The held-rate ladder of the API parts: open-loop steps of rising rate
 * (support/load-generator.ts) on one GET, up to the first step whose p99
 * reaches the goal, has an error, or falls behind; the figure is the last
 * step that held. Beside it, what a busy machine moves least: the server's
 * CPU time per request over the whole ladder (its processes, from /proc),
 * the load average and the CPU pressure while it ran.
 */
import { loadavg } from 'node:os';
import { CLOCK_TICKS_PER_SECOND, cpuPressureMicros, cpuTicks } from './api-server';
import { fixedRate, type RateStep } from './load-generator';

export const P99_GOAL_MS = 25;
export const LADDER = [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 600, 700, 800, 1000, 1200];

export type LadderRun = {
  sustained: number;
  steps: RateStep[];
  cpuMs: number;
  /** PostgreSQL's CPU per request (the postmaster and its backends), when its process was given. */
  databaseCpuMs: number | null;
  load: number;
  pressure: number | null;
};

export async function ladder(
  serverPid: number,
  url: string,
  headers: Record<string, string>,
  stepSeconds: number,
  databasePid: number | null = null,
): Promise<LadderRun> {
  await fixedRate(url, headers, 50, 2); // warm-up: JIT, caches, connections
  const steps: RateStep[] = [];
  let sustained = 0;
  const ticksBefore = cpuTicks(serverPid);
  const databaseTicksBefore = databasePid === null ? 0 : cpuTicks(databasePid);
  const load = loadavg()[0]!;
  const pressureBefore = cpuPressureMicros();
  const startedAt = performance.now();
  for (const rate of LADDER) {
    const step = await fixedRate(url, headers, rate, stepSeconds);
    steps.push(step);
    const held = step.errors === 0 && step.p99Ms < P99_GOAL_MS && step.achievedRate >= rate * 0.95;
    if (!held) break;
    sustained = rate;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const requests = steps.reduce((sum, step) => sum + step.sent, 0);
  const perRequest = (ticks: number) => (ticks * (1000 / CLOCK_TICKS_PER_SECOND)) / requests;
  const cpuMs = perRequest(cpuTicks(serverPid) - ticksBefore);
  const databaseCpuMs = databasePid === null ? null : perRequest(cpuTicks(databasePid) - databaseTicksBefore);
  const pressureAfter = cpuPressureMicros();
  const pressure =
    pressureBefore === null || pressureAfter === null ? null : (pressureAfter - pressureBefore) / 1000 / (performance.now() - startedAt);
  return { sustained, steps, cpuMs, databaseCpuMs, load, pressure };
}
