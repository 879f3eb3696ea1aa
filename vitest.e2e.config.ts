/**
 * Browser tests: the built PWA served by the real server (started once by
 * the global setup on a free port with a throwaway data folder), driven in
 * Debian's Chromium through playwright-core. One file at a time in one
 * fork: the machine is small and the server is shared.
 */
import { defineConfig } from 'vitest/config';
import { viteAliases } from './path-aliases.ts';

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
  },
});
