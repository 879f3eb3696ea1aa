/**
 * Which modules a child process loads: a loader hook (registered with
 * `node --import <register>`) that appends every resolved module URL to a
 * file, for the tests that assert what a server process never loads (Vite,
 * tsx, sharp).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Records every module URL the process resolves (the hook runs on Node's loader thread). */
const RESOLVE_LOGGER = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, result.url + '\\n');
  return result;
}`;

/** Writes the hook's register script and its empty log into `folder`; pass `env` to the child. */
export function resolveLogger(folder: string): { register: string; env: { RESOLVED_LOG: string }; resolved(): string[] } {
  const resolvedLog = join(folder, 'resolved.log');
  writeFileSync(resolvedLog, '');
  const register = join(folder, 'register-logger.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(RESOLVE_LOGGER)}`)});\n`,
  );
  return { register, env: { RESOLVED_LOG: resolvedLog }, resolved: () => readFileSync(resolvedLog, 'utf8').split('\n').filter(Boolean) };
}
