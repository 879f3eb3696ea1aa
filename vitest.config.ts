/**
 * Unit and server tests. `npm test` runs every project; the browser tests
 * have their own config (vitest.e2e.config.ts) because they need a build,
 * a running server and Chromium.
 */
import { realpathSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { viteAliases } from './path-aliases.ts';

// `?url` imports (the image-compression library's script, src/ui/photos) are
// served only from allowed folders; a worktree's node_modules may be a
// symlink to a folder outside the project.
const fsAllow = { allow: ['.', realpathSync('node_modules')] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: viteAliases },
        server: { fs: fsAllow },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/domain/**'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        // The pure calculations need no DOM; jsdom start-up would dominate their run time.
        resolve: { alias: viteAliases },
        test: {
          name: 'domain',
          include: ['tests/unit/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: viteAliases },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The sync engine against the real server (in-process, PGlite in memory) through a fault-injecting proxy.
        resolve: { alias: viteAliases },
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/sync/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
