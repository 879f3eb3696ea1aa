/**
 * An open-loop load generator on loopback for the API throughput bench:
 * GET requests sent at a fixed rate whatever the answers do, each timed
 * from when it was due (not from when it left), so a server falling behind
 * shows in the percentiles instead of slowing the sender down (no
 * "coordinated omission", the flaw of closed-loop tools that wait for an
 * answer before sending the next). Keep-alive connections, as many as the
 * requests in flight need.
 */
import { Agent, request } from 'node:http';
import { percentile } from './stats';

export type RateStep = {
  rate: number;
  sent: number;
  /** Answers other than 200, and failed or timed-out requests. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers per second over the step, including the drain at its end. */
  achievedRate: number;
};

const REQUEST_TIMEOUT_MS = 10_000;

/** One GET on a keep-alive agent; `onEnd` gets the status once the body is read, or null when the request failed or timed out. */
function getOnce(target: URL, headers: Record<string, string>, agent: Agent, onEnd: (status: number | null) => void): void {
  const req = request(
    {
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'GET',
      headers,
      agent,
      timeout: REQUEST_TIMEOUT_MS,
    },
    (res) => {
      res.resume();
      res.on('end', () => onEnd(res.statusCode ?? null));
      res.on('error', () => onEnd(null));
    },
  );
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => onEnd(null));
  req.end();
}

export async function fixedRate(url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<RateStep> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(url);
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  let done = 0;
  const start = performance.now();
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));

  const send = (due: number) => {
    const settle = (ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else errors += 1;
      done += 1;
      if (done === total) finished();
    };
    getOnce(target, headers, agent, (status) => settle(status === 200));
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        send(start + next * interval);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(interval, start + next * interval - performance.now())));
      else resolve();
    };
    tick();
  });
  await allDone;
  const elapsed = performance.now() - start;
  agent.destroy();
  return {
    rate,
    sent: total,
    errors,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.length > 0 ? Math.max(...latencies) : Number.NaN,
    achievedRate: (latencies.length / elapsed) * 1000,
  };
}

/**
 * Closed-loop warm-up: `calls` requests, `inFlight` at a time, untimed. A
 * production server has answered thousands of calls before anyone measures
 * it; a fresh one still runs its hot paths in the interpreter (V8 compiles
 * them after some thousand calls) and its database caches are cold.
 */
export async function warmUp(url: string, headers: Record<string, string>, calls: number, inFlight = 4): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const target = new URL(url);
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      getOnce(target, headers, agent, (status) => (status === 200 ? resolve() : reject(new Error(`warm-up answered ${status ?? 'no answer'}`))));
    });
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < calls) {
          next += 1;
          await one();
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}
