/**
 * `npm start`'s entry: runs server/main.ts compiled to one JavaScript
 * module (server/build-server.mjs, in a child process, at every start of
 * the first process, so it is never older than the sources) instead of
 * through tsx. tsx's loader thread, its transformed sources and their
 * source maps were about 85 MB of the server's idle memory (issue 26,
 * docs/decisions/server-memory.md). When the compilation fails the server
 * still starts, from the sources through tsx, and says so.
 *
 * WORKERS=n: Node's cluster starts each worker with this same file; they
 * run what the first process ran (SERVER_ENTRY), without compiling again.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, '.server-build', 'main.mjs');
const BUILDER = fileURLToPath(new URL('./build-server.mjs', import.meta.url));

export const START_TEXTS = {
  fallback: '[servidor] aviso: não foi possível compilar o servidor; ele será iniciado a partir das fontes (usa mais memória).',
};

function compiled() {
  if (cluster.isWorker) return process.env.SERVER_ENTRY === 'compiled';
  const run = spawnSync(process.execPath, [BUILDER, BUNDLE], { cwd: ROOT, stdio: 'inherit' });
  const ok = run.status === 0;
  process.env.SERVER_ENTRY = ok ? 'compiled' : 'sources';
  return ok;
}

if (compiled()) {
  await import(pathToFileURL(BUNDLE).href);
} else {
  if (!cluster.isWorker) console.warn(START_TEXTS.fallback);
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
