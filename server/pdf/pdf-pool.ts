/**
 * A small, bounded pool of PDF worker threads (render-worker.ts), so that no
 * single document can stall the server or the documents behind it:
 *
 * - PDF_WORKERS workers (2), all started on the first job and kept
 *   (unref'd: they never keep the process alive); one that ends is
 *   replaced at once, so the next job finds a started worker. A worker
 *   runs one job at a time, so a worker that is ended only ever loses the
 *   job it ran.
 * - Each worker's heap is bounded (resourceLimits): a job past it ends its
 *   worker (Node's ERR_WORKER_OUT_OF_MEMORY) and fails alone.
 * - Each job has a time limit from the moment its worker takes it: past it
 *   the worker is terminated. Either way the job rejects with
 *   PdfJobTooHeavyError and a fresh worker is started for the next job.
 * - At most `queueLimit` jobs wait, each at most `queueWaitMs`: a job
 *   arriving at a full queue, or waiting too long, rejects with
 *   PdfBusyError. Wait plus run is the bound of a request (5 s + 15 s) once
 *   the workers are up; the first start of the workers has its own limit.
 *
 * The numbers and how they were measured: docs/decisions/pdf-rendering-limits.md.
 * The worker loads TypeScript through tsx, as the server does.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderJob, RenderRequest, WorkerMessage } from './render-worker';

/** How many documents render at once (the server has 2 cores; the event loop keeps answering meanwhile). */
export const PDF_WORKERS = 2;

export const PDF_POOL_DEFAULTS = {
  workers: PDF_WORKERS,
  /** A 100-row quotation takes 0.3 to 0.9 s warm on 2 busy cores; the largest one the contract accepts 6 to 14 s. */
  jobTimeoutMs: 15_000,
  /** Waiting for a worker (behind other jobs, or for the first start): with the job limit, a request is answered within 20 s. */
  queueWaitMs: 5_000,
  queueLimit: 16,
  /** A 100-row quotation uses about 35 MB of heap; the largest one the contract accepts needs 130 to 160 MB. */
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
} as const;

export type PdfPoolOptions = Partial<{ -readonly [K in keyof typeof PDF_POOL_DEFAULTS]: number }>;

/** A worker's start (tsx compiling the templates in the thread) takes 1.5 to 4.5 s on 2 busy cores; one that takes this long is hung. */
const WORKER_START_LIMIT_MS = 60_000;

/** A job ended for its time or memory limit (its worker was ended and replaced). */
export class PdfJobTooHeavyError extends Error {
  override name = 'PdfJobTooHeavyError';

  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'PDF job ran past its time limit' : 'PDF job ran past its memory limit');
  }
}

/** No worker could take the job: the queue was full, or the job waited past its limit. */
export class PdfBusyError extends Error {
  override name = 'PdfBusyError';

  constructor() {
    super('PDF workers busy');
  }
}

export interface PdfPool {
  /** The document's PDF bytes; rejects with PdfJobTooHeavyError, PdfBusyError, or the render's own error. */
  render(request: RenderRequest): Promise<Buffer>;
  /** Ends every worker and fails what waits (tests; the server's pool lives as long as the process). */
  close(): Promise<void>;
  /** Whether a job could run: not closed, and not failing to start its workers. Starts nothing (GET api/ready asks it). */
  alive(): boolean;
}

type Settle = { resolve(bytes: Buffer): void; reject(error: Error): void };
type Waiting = Settle & { request: RenderRequest; expires: NodeJS.Timeout };
type Running = Settle & { id: number; timer: NodeJS.Timeout };
type Slot = { worker: Worker; ready: boolean; job: Running | null; error: (Error & { code?: string }) | null; bootTimer: NodeJS.Timeout };

/** tsx's loader does not follow `--import tsx` into a worker on Node 20: the worker registers it itself, then loads its module. */
function bootstrap(): string {
  // The ESM build of tsx's API (what `import 'tsx/esm/api'` gives), found from here whatever the working folder.
  const tsxFolder = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxFolder, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
}

const unref = (timer: NodeJS.Timeout) => {
  timer.unref();
  return timer;
};

export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const limits = { ...PDF_POOL_DEFAULTS, ...options };
  const slots = new Set<Slot>();
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;
  /** A worker ended before it was ready (a broken install, not a document): start workers only for waiting jobs until one is ready again. */
  let startFailing = false;

  function spawn() {
    const worker = new Worker(bootstrap(), {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
    });
    worker.unref();
    // A worker that never says ready (a hung start) is ended.
    const slot: Slot = {
      worker,
      ready: false,
      job: null,
      error: null,
      bootTimer: unref(setTimeout(() => void worker.terminate(), WORKER_START_LIMIT_MS)),
    };
    slots.add(slot);
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        clearTimeout(slot.bootTimer);
        slot.ready = true;
        startFailing = false;
        pump();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      pump();
    });
    // 'error' (an uncaught exception, the heap limit) is always followed by 'exit'.
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', () => retire(slot));
  }

  /** A worker is gone (ended by its heap limit, a crash, or us): its job fails, a fresh worker is started when one is needed. */
  function retire(slot: Slot) {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.bootTimer);
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(
        slot.error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PdfJobTooHeavyError('memory')
          : new Error('PDF worker stopped', { cause: slot.error ?? undefined }),
      );
    } else if (!slot.ready) {
      startFailing = true;
      // No worker is up to take what waits: fail it rather than start workers forever.
      if (![...slots].some((other) => other.ready)) {
        const error = new Error('PDF worker did not start', { cause: slot.error ?? undefined });
        for (const waiting of queue.splice(0)) {
          clearTimeout(waiting.expires);
          waiting.reject(error);
        }
      }
    }
    pump();
  }

  function start(slot: Slot, waiting: Waiting) {
    clearTimeout(waiting.expires);
    const id = nextId++;
    const timer = unref(
      setTimeout(() => {
        if (slot.job?.id !== id) return;
        slot.job = null;
        slots.delete(slot);
        void slot.worker.terminate();
        waiting.reject(new PdfJobTooHeavyError('time'));
        pump();
      }, limits.jobTimeoutMs),
    );
    slot.job = { id, resolve: waiting.resolve, reject: waiting.reject, timer };
    try {
      slot.worker.postMessage({ id, ...waiting.request } satisfies RenderJob);
    } catch (error) {
      // An input that cannot be copied to the worker fails alone.
      clearTimeout(timer);
      slot.job = null;
      waiting.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Idle workers take the oldest waiting jobs; the pool is filled up to its size (after a failed start: only for what waits). */
  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && !slot.job) start(slot, queue.shift()!);
    }
    let starting = [...slots].filter((slot) => !slot.ready).length;
    while (slots.size < limits.workers && (!startFailing || queue.length > starting)) {
      spawn();
      starting += 1;
    }
  }

  return {
    render(request) {
      if (closed) return Promise.reject(new Error('PDF pool closed'));
      if (queue.length >= limits.queueLimit) return Promise.reject(new PdfBusyError());
      return new Promise<Buffer>((resolve, reject) => {
        const expire = () => {
          const index = queue.indexOf(waiting);
          if (index === -1) return;
          // Waiting only for the workers' first start is not being busy (a start has its own limit):
          // on a loaded machine that start alone can take longer than the wait.
          if (![...slots].some((slot) => slot.ready)) {
            waiting.expires = unref(setTimeout(expire, limits.queueWaitMs));
            return;
          }
          queue.splice(index, 1);
          reject(new PdfBusyError());
        };
        const waiting: Waiting = { request, resolve, reject, expires: unref(setTimeout(expire, limits.queueWaitMs)) };
        queue.push(waiting);
        pump();
      });
    },
    alive() {
      return !closed && !(startFailing && ![...slots].some((slot) => slot.ready));
    },
    async close() {
      closed = true;
      const error = new Error('PDF pool closed');
      for (const waiting of queue.splice(0)) {
        clearTimeout(waiting.expires);
        waiting.reject(error);
      }
      const ending = [...slots].map((slot) => {
        const job = slot.job;
        slot.job = null;
        slots.delete(slot);
        clearTimeout(slot.bootTimer);
        if (job) {
          clearTimeout(job.timer);
          job.reject(error);
        }
        return slot.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}
