/**
 * When `npm start` builds the PWA: never when dist/index.html exists or
 * SKIP_PWA_BUILD is set, and not without a vite.config.ts (only the API is
 * served then). The build itself is Vite's and is exercised by the e2e run.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { ensurePwaBuilt } from '@server/pwa-build';

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
    expect(log.lines.join('\n')).toContain('only the API will be served');
  });

  it('skips the build when there is no vite.config.ts', async () => {
    const root = project({});
    const log = quietLog();
    expect(await ensurePwaBuilt(loadConfig({ DIST_DIR: join(root, 'dist') }), log)).toBe('skipped');
    expect(log.lines.join('\n')).toContain('vite.config.ts');
  });
});
