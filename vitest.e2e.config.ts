/**
 * Browser tests: the built PWA served by the real server (started once by
 * the global setup, one per worker, each on a free port with a throwaway data folder), driven in
 * Debian's Chromium through playwright-core. Each worker has a server of
 * its own (global setup), so files never share one at the same time.
 */
import { defineConfig } from 'vitest/config';
import { viteAliases } from './path-aliases.ts';
import { E2E_WORKERS } from './tests/e2e/support/e2e-workers.ts';

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    // A worker's files share loaded modules (playwright's client, the support helpers): loading them anew for each
    // file cost about 0.8 CPU-s a file (bench/test-suite.md, "Stop 42"). Each file still launches its own Chromium
    // and its own profiles; the worker's server is the same either way (support/test-server.ts).
    isolate: false,
    // One server per worker (support/e2e-workers.ts): files on one worker run one after the other.
    maxWorkers: E2E_WORKERS,
    testTimeout: 90_000,
    // `expect.poll` waits as long as a step does (support/browser.ts WAIT_MS), not vitest's 1 s: two files share the machine's cores.
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
  },
});
