/**
 * Builds the PWA before the first start, so `npm start` on a fresh clone
 * serves the app without a separate build step. Skipped when dist/index.html
 * exists (rebuild with `npm run build`) or when SKIP_PWA_BUILD is set.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config';

export type BuildLog = { info(message: string): void; warn(message: string): void };

export async function ensurePwaBuilt(config: Config, log: BuildLog): Promise<'present' | 'built' | 'skipped'> {
  if (existsSync(join(config.distDir, 'index.html'))) return 'present';
  if (config.skipPwaBuild) {
    log.warn(`SKIP_PWA_BUILD is set and ${config.distDir} has no index.html: only the API will be served.`);
    return 'skipped';
  }
  // The project root is the folder that holds dist/ and vite.config.ts.
  const root = dirname(config.distDir);
  const configFile = join(root, 'vite.config.ts');
  if (!existsSync(configFile)) {
    log.warn(`No ${configFile}: cannot build the app; only the API will be served.`);
    return 'skipped';
  }
  log.info('Building the app (first start; this takes a minute)...');
  const { build } = await import('vite');
  await build({ root, configFile, logLevel: 'warn', build: { outDir: config.distDir } });
  log.info(`App built into ${config.distDir}`);
  return 'built';
}
