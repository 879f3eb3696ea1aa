/**
 * Builds the PWA before the first start, so `npm start` on a fresh clone
 * serves the app without a separate build step. Skipped when dist/index.html
 * exists (rebuild with `npm run build`) or when SKIP_PWA_BUILD is set.
 * What it says is for the operator, in Portuguese (issue 24).
 *
 * The build runs in a child process (pwa-build-child.ts): Vite, Rollup and
 * the app's module graph took the server from 0.4 to 0.9–1 GB and stayed
 * in its heap after the build; in a child they go when it ends (issue 26,
 * docs/decisions/server-memory.md). The server never imports vite.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InlineConfig } from 'vite';
import type { Config } from './config';

export type BuildLog = { info(message: string): void; warn(message: string): void };

export const PWA_BUILD_TEXTS = {
  building: 'Gerando o aplicativo (primeira inicialização; leva cerca de um minuto)...',
  built: (dir: string) => `Aplicativo gerado em ${dir}`,
  skipped: (dir: string) => `SKIP_PWA_BUILD está ativo e ${dir} não tem index.html: só a API será servida.`,
  noViteConfig: (file: string) => `${file} não existe: não é possível gerar o aplicativo; só a API será servida.`,
  failed: (code: number | string) =>
    `A geração do aplicativo falhou (${code}); veja as mensagens acima. Corrija e inicie de novo, ou gere com \`npm run build\`.`,
} as const;

/**
 * Vite's chunk-size notice, in kB, for the build at start only. Its default
 * (500 kB) flags the PDF and rich-text chunks, which are loaded on demand
 * by design (STACK.md: import() only), and the app's entry; the size budget
 * that matters, the login page's, is measured gzipped by `npm run bench`.
 * An operator can do nothing about it, so the first start does not print
 * it; a chunk three times today's largest still does. `npm run build`
 * keeps Vite's default for developers.
 */
export const STARTUP_CHUNK_WARNING_KB = 3_000;

/** The options of the build at start: the project's vite.config.ts, warnings and errors only, into DIST_DIR. */
export function startupBuildOptions(root: string, configFile: string, distDir: string): InlineConfig {
  return { root, configFile, logLevel: 'warn', build: { outDir: distDir, chunkSizeWarningLimit: STARTUP_CHUNK_WARNING_KB } };
}

export async function ensurePwaBuilt(config: Config, log: BuildLog): Promise<'present' | 'built' | 'skipped'> {
  if (existsSync(join(config.distDir, 'index.html'))) return 'present';
  if (config.skipPwaBuild) {
    log.warn(PWA_BUILD_TEXTS.skipped(config.distDir));
    return 'skipped';
  }
  // The project root is the folder that holds dist/ and vite.config.ts.
  const root = dirname(config.distDir);
  const configFile = join(root, 'vite.config.ts');
  if (!existsSync(configFile)) {
    log.warn(PWA_BUILD_TEXTS.noViteConfig(configFile));
    return 'skipped';
  }
  log.info(PWA_BUILD_TEXTS.building);
  await buildInChild(root, configFile, config.distDir);
  log.info(PWA_BUILD_TEXTS.built(config.distDir));
  return 'built';
}

/** This server's own folder: where `--import tsx` resolves for the child, whatever project it builds. */
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./pwa-build-child.ts', import.meta.url));

/** Vite's build in a process of its own; its messages go to this process's output. Rejects when it fails. */
function buildInChild(root: string, configFile: string, distDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, root, configFile, distDir], { cwd: SERVER_ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(PWA_BUILD_TEXTS.failed(signal ?? code ?? '?')));
    });
  });
}
