/**
 * Renders documents in a worker thread, so a PDF (about 140 ms for 100
 * agent rows, bench part `pdf`) never holds the server's event loop: other
 * requests keep being answered meanwhile. One worker, started on the first
 * PDF and kept (unref'd: it never keeps the process alive); jobs queue in
 * it. A worker that dies fails the jobs it held and is started again on the
 * next one. The worker loads TypeScript through tsx, as the server does.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QuotationPdfInput } from '@/pdf/quotation';
import type { SamplePdfInput } from '@/pdf/sample';
import type { RenderAnswer, RenderJob } from './render-worker';

type Pending = { resolve(bytes: Buffer): void; reject(error: Error): void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  // tsx's loader does not follow `--import tsx` into a worker on Node 20: the worker registers it itself, then loads its module.
  // The ESM build of tsx's API (what `import 'tsx/esm/api'` gives), found from here whatever the working folder.
  const tsxFolder = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxFolder, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  const created = new Worker(bootstrap, { eval: true });
  created.unref();
  created.on('message', (answer: RenderAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  });
  const lost = (error: Error) => {
    if (worker === created) worker = null;
    failAll(error);
  };
  created.on('error', lost);
  created.on('exit', (code) => lost(new Error(`PDF worker exited with code ${code}`)));
  worker = created;
  return created;
}

type Job = { document: 'quotation'; input: QuotationPdfInput } | { document: 'sample'; input: SamplePdfInput };

function renderInWorker(job: Job): Promise<Buffer> {
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    started().postMessage({ id, ...job } satisfies RenderJob);
  });
}

/** The quotation's PDF bytes, rendered in the worker. */
export function renderQuotationInWorker(input: QuotationPdfInput): Promise<Buffer> {
  return renderInWorker({ document: 'quotation', input });
}

/** The sample's PDF bytes, rendered in the worker. */
export function renderSampleInWorker(input: SamplePdfInput): Promise<Buffer> {
  return renderInWorker({ document: 'sample', input });
}
