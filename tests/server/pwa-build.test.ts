/**
 * When `npm start` builds the PWA: never when dist/index.html exists or
 * SKIP_PWA_BUILD is set, and not without a vite.config.ts (only the API is
 * served then); what it says, in Portuguese; and the build's options (no
 * chunk-size notice for today's on-demand chunks at the first start, issue
 * 24). The build itself is Vite's and is exercised by the e2e run.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { ensurePwaBuilt, PWA_BUILD_TEXTS, STARTUP_CHUNK_WARNING_KB, startupBuildOptions } from '@server/pwa-build';

function project(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'ho-project-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function quietLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
}

describe('ensurePwaBuilt', () => {
  it('leaves an existing build alone', async () => {
    const root = project({ 'dist/index.html': '<html></html>', 'vite.config.ts': 'throw new Error("must not load")' });
    expect(await ensurePwaBuilt(loadConfig({ DIST_DIR: join(root, 'dist') }), quietLog())).toBe('present');
  });

  it('skips the build when SKIP_PWA_BUILD is set, and says so', async () => {
    const root = project({ 'vite.config.ts': 'throw new Error("must not load")' });
    const log = quietLog();
    expect(await ensurePwaBuilt(loadConfig({ DIST_DIR: join(root, 'dist'), SKIP_PWA_BUILD: '1' }), log)).toBe('skipped');
    expect(log.lines).toEqual([PWA_BUILD_TEXTS.skipped(join(root, 'dist'))]);
    expect(log.lines[0]).toBe(`SKIP_PWA_BUILD está ativo e ${join(root, 'dist')} não tem index.html: só a API será servida.`);
  });

  it('skips the build when there is no vite.config.ts', async () => {
    const root = project({});
    const log = quietLog();
    expect(await ensurePwaBuilt(loadConfig({ DIST_DIR: join(root, 'dist') }), log)).toBe('skipped');
    expect(log.lines).toEqual([`${join(root, 'vite.config.ts')} não existe: não é possível gerar o aplicativo; só a API será servida.`]);
  });

  it('says what it does in Portuguese', () => {
    expect(PWA_BUILD_TEXTS.building).toBe('Gerando o aplicativo (primeira inicialização; leva cerca de um minuto)...');
    expect(PWA_BUILD_TEXTS.built('/srv/app/dist')).toBe('Aplicativo gerado em /srv/app/dist');
  });

  it("builds into DIST_DIR with the project's config, without the notice for today's chunks", () => {
    const options = startupBuildOptions('/srv/app', '/srv/app/vite.config.ts', '/srv/app/dist');
    expect(options).toMatchObject({ root: '/srv/app', configFile: '/srv/app/vite.config.ts', logLevel: 'warn', build: { outDir: '/srv/app/dist' } });
    // Today's largest chunk (the PDF library, loaded on demand) is about 1 MB; Vite's default notice starts at 500 kB.
    expect(options.build?.chunkSizeWarningLimit).toBe(STARTUP_CHUNK_WARNING_KB);
    expect(STARTUP_CHUNK_WARNING_KB).toBeGreaterThanOrEqual(2_000);
  });
});
