/**
 * The global setup of the server project and of the screen projects:
 * compiles the commands their tests start as processes
 * (compiled-commands.ts) once, before any file, into a folder of this
 * project run's own (two runs in one tree never write each other's files),
 * removed at the end. About 0.3 CPU-s.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { serverBundleOptions } from '../../../server/bundle-options.mjs';
import { COMMAND_SOURCES } from './compiled-commands';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export default async function compileCommands({ provide }: TestProject): Promise<() => void> {
  const parent = join(ROOT, '.server-build');
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(join(parent, 'tests-'));
  await build({ ...serverBundleOptions(COMMAND_SOURCES), outdir: folder, outExtension: { '.js': '.mjs' } });
  provide('compiledCommands', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
