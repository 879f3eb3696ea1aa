/**
 * The server's log at the default level (issue 24, a newcomer's first run):
 * no JSON line per request and no 'Server listening at' lines in English
 * (one per network interface); a request is one line at debug; a server
 * error is still logged at `error`. On the real app and a real Fastify.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenQuietly } from '@server/app-listen';
import { REQUEST_LOG_MESSAGE } from '@server/app-request-log';
import { call, startTestApp, type TestApp } from './helpers/test-app';

const logLines: string[] = [];
let t: TestApp;
/** Node warnings while the app is built (Fastify's deprecations print to the operator's console). */
const warnings: string[] = [];
const onWarning = (warning: Error & { code?: string }) => warnings.push(`${warning.code ?? warning.name}: ${warning.message}`);

beforeAll(async () => {
  process.on('warning', onWarning);
  t = await startTestApp({ logLines });
}, 60_000);
afterAll(async () => {
  process.off('warning', onWarning);
  await t?.close();
});

const messages = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; statusCode?: number });

describe('request lines', () => {
  it('are turned off without a Fastify deprecation warning', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.startsWith('FSTDEP'))).toEqual([]);
  });

  it('none at the default level (info)', async () => {
    logLines.length = 0;
    expect((await call(t, 'GET', '/api/openapi.json')).status).toBe(200);
    expect((await call(t, 'GET', '/api/no-such-route')).status).toBe(404);
    expect(messages().map((line) => line.msg)).not.toContain('incoming request');
    expect(messages().map((line) => line.msg)).not.toContain('request completed');
    expect(messages().filter((line) => line.msg === REQUEST_LOG_MESSAGE)).toEqual([]);
  });

  it('one per request at debug', async () => {
    logLines.length = 0;
    t.app.log.level = 'debug';
    try {
      await call(t, 'GET', '/api/openapi.json');
    } finally {
      t.app.log.level = 'info';
    }
    const lines = messages().filter((line) => line.msg === REQUEST_LOG_MESSAGE);
    expect(lines).toEqual([expect.objectContaining({ level: 20, url: '/api/openapi.json', statusCode: 200 })]);
  });
});

describe('listening', () => {
  function appWithLog(level: string) {
    const lines: string[] = [];
    const app = Fastify({ logger: { level, stream: { write: (line: string) => void lines.push(line) } } });
    return { app, lines };
  }

  it('says nothing at info (the start-up says where, in Portuguese), and the level is kept', async () => {
    const { app, lines } = appWithLog('info');
    const address = await listenQuietly(app, { port: 0, host: '127.0.0.1' });
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.filter((line) => line.includes('Server listening'))).toEqual([]);
    expect(app.log.level).toBe('info');
    await app.close();
  });

  it('Fastify still lists the addresses at debug', async () => {
    const { app, lines } = appWithLog('debug');
    await listenQuietly(app, { port: 0, host: '127.0.0.1' });
    expect(lines.filter((line) => line.includes('Server listening')).length).toBe(1);
    await app.close();
  });
});
