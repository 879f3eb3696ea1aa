/**
 * `npm start` (server/start.mjs) runs the server compiled to one module,
 * without tsx in the process (issue 26: tsx's loader thread and
 * transformed sources were about 85 MB of the idle server): on a fresh data
 * folder it migrates from the sources' migrations folder, serves, signs in,
 * and stops cleanly on SIGTERM; every module the process resolves is
 * written down by a resolve hook, and none is tsx or a TypeScript source;
 * sharp (libvips, ~28 MB) is not loaded before the first image; PGlite runs
 * with 16 MB of shared buffers (128 MB by default).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_PATHS } from '@server/routes/health';
import { commandEnv } from './helpers/command-env';
import { ADMIN, passwordGrant } from './helpers/test-app';
import { resolveLogger } from './helpers/resolve-logger';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('npm start', () => {
  it('runs the compiled server without tsx, migrates, serves and stops', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ho-start-compiled-'));
    folders.push(dataDir);
    mkdirSync(join(dataDir, 'data'));
    const logger = resolveLogger(dataDir);

    const child = spawn(process.execPath, ['--import', logger.register, 'server/start.mjs'], {
      cwd: ROOT,
      env: commandEnv(join(dataDir, 'data'), logger.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Servidor no ar: (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });

    expect((await fetch(`${url}${HEALTH_PATHS.health}`)).status).toBe(200);
    const token = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(passwordGrant(ADMIN.username, ADMIN.password)),
    });
    expect(token.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toContain('a partir das fontes');

    const resolved = logger.resolved();
    expect(resolved).toContain(new URL('.server-build/main.mjs', `file://${ROOT}`).href);
    expect(resolved.filter((entry) => entry.includes('/node_modules/tsx/') || /\/(server|sync|src)\/.*\.tsx?$/.test(entry))).toEqual([]);
    expect(resolved.filter((entry) => entry.includes('/node_modules/sharp/'))).toEqual([]);
    // The folder the server ran on, opened again: its postgresql.conf is initdb's (the smaller cache is the server's start option only).
    const conf = readFileSync(join(dataDir, 'data', 'db', 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
  });
});
