/**
 * The PWA build of a first start leaves nothing in the server's process
 * (issue 26: the build stayed in the server's memory, 0.9–1 GB right after
 * the first start): ensurePwaBuilt, in a process of its own as main.ts
 * calls it, builds a small project's app in a child, and that process never
 * loads Vite (every module it resolves is written down by a resolve hook).
 * A build that fails rejects with the Portuguese message.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PWA_BUILD_TEXTS } from '@server/pwa-build';
import { resolveLogger } from './helpers/resolve-logger';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PWA_BUILD = pathToFileURL(join(ROOT, 'server', 'pwa-build.ts')).href;

/** A small project: an index.html and a config without plugins, so Vite builds it in seconds. */
function smallProject(config = 'export default {};\n') {
  const root = mkdtempSync(join(tmpdir(), 'ho-pwa-child-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html lang="pt-BR"><body><p>Olá</p></body></html>\n');
  writeFileSync(join(root, 'vite.config.ts'), config);
  return root;
}

/** Runs ensurePwaBuilt for the project in a server-like process (node --import tsx), with the resolve logger. */
async function startLikeTheServer(root: string) {
  const logger = resolveLogger(root);
  const script = join(root, 'start.mts');
  writeFileSync(
    script,
    `import { ensurePwaBuilt } from ${JSON.stringify(PWA_BUILD)};
const lines = [];
try {
  const result = await ensurePwaBuilt({ distDir: ${JSON.stringify(join(root, 'dist'))}, skipPwaBuild: false }, { info: (m) => lines.push(m), warn: (m) => lines.push(m) });
  console.log(JSON.stringify({ result, lines }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message, lines }));
}
`,
  );
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', logger.register, script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...logger.env },
  });
  const answer = JSON.parse(stdout.trim().split('\n').at(-1)!) as { result?: string; error?: string; lines: string[] };
  return { ...answer, resolved: logger.resolved() };
}

describe('the PWA build at first start', () => {
  it('builds in a child process; the server process never loads Vite', { timeout: 120_000 }, async () => {
    const root = smallProject();
    const run = await startLikeTheServer(root);
    expect(run.error).toBeUndefined();
    expect(run.result).toBe('built');
    expect(run.lines).toEqual([PWA_BUILD_TEXTS.building, PWA_BUILD_TEXTS.built(join(root, 'dist'))]);
    expect(existsSync(join(root, 'dist', 'index.html'))).toBe(true);
    // The logger saw the process's modules (so an import of vite would be there), and none of them is Vite's or Rollup's.
    expect(run.resolved.some((url) => url.endsWith('/server/pwa-build.ts'))).toBe(true);
    expect(run.resolved.filter((url) => /\/node_modules\/(vite|rollup)\//.test(url) || url.endsWith('/pwa-build-child.ts'))).toEqual([]);
  });

  it('rejects with the Portuguese message when the build fails, and builds nothing', { timeout: 120_000 }, async () => {
    const root = smallProject('throw new Error("configuração quebrada");\n');
    const run = await startLikeTheServer(root);
    expect(run.result).toBeUndefined();
    expect(run.error).toBe(PWA_BUILD_TEXTS.failed(1));
    expect(run.error).toBe('A geração do aplicativo falhou (1); veja as mensagens acima. Corrija e inicie de novo, ou gere com `npm run build`.');
    expect(existsSync(join(root, 'dist', 'index.html'))).toBe(false);
  });
});
