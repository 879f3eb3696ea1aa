/**
 * Unit and server tests. `npm test` runs every project; the browser tests
 * have their own config (vitest.e2e.config.ts) because they need a build,
 * a running server and Chromium. Measured in bench/test-suite.md.
 */
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { viteAliases } from './path-aliases.ts';
import { filesMockingModules } from './tests/unit/support/module-mocking-files.ts';

// `?url` imports (the image-compression library's script, src/ui/photos) are
// served only from allowed folders; a worktree's node_modules may be a
// symlink to a folder outside the project.
const fsAllow = { allow: ['.', realpathSync('node_modules')] };

// Unit files that replace a module run isolated (tests/unit/support/module-mocking-files.ts).
const MOCKING_SCREEN_FILES = filesMockingModules('tests/unit', '.test.tsx');
const MOCKING_NODE_FILES = filesMockingModules('tests/unit', '.test.ts');
/** Compiles, once per run of a project, the commands its tests start as processes (tests/server/helpers/compiled-commands.ts). */
const COMPILE_COMMANDS = 'tests/server/helpers/compile-commands.global.ts';

/**
 * A unit project: jsdom screens (tests/unit/setup.ts) or plain Node (setup-node.ts), in worker threads (they
 * start faster than child processes; nothing here needs a process of its own), never the domain folder.
 */
function unitProject(name: string, environment: 'jsdom' | 'node', files: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    resolve: { alias: viteAliases },
    server: { fs: fsAllow },
    test: {
      name,
      include: files.include,
      exclude: ['tests/unit/domain/**', ...(files.exclude ?? [])],
      pool: 'threads' as const,
      isolate: files.isolate,
      environment,
      setupFiles: [environment === 'jsdom' ? 'tests/unit/setup.ts' : 'tests/unit/setup-node.ts'],
      // The screens' test server (tests/unit/support/test-server.ts).
      globalSetup: environment === 'jsdom' ? [COMPILE_COMMANDS] : [],
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this project's 2-core machines, which keeps
    // one core busy and leaves the other idle (bench/test-suite.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `npm run test:coverage`: lines and branches of the code under test (the figures in bench/test-suite.md).
    coverage: {
      provider: 'v8',
      include: ['src/**', 'sync/**', 'server/**'],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      // Screens and hooks (.tsx) in jsdom. A worker's files share loaded modules (React, Mantine, the app):
      // loading them anew for each file was half of this project's CPU (bench/test-suite.md, "Stop 36").
      // Each file still runs its own setup, but not in a fresh jsdom: vitest sets a worker's environment up once,
      // so its files share one window, and what each test leaves in it is taken out after it
      // (tests/unit/support/shared-document.ts). A file that mocks a module runs in 'unit-isolated'.
      unitProject('unit', 'jsdom', { include: ['tests/unit/**/*.test.tsx'], exclude: MOCKING_SCREEN_FILES, isolate: false }),
      // The screen files that replace a module (vi.mock): each loads its modules anew.
      unitProject('unit-isolated', 'jsdom', { include: MOCKING_SCREEN_FILES, isolate: true }),
      // The rest of the unit tests (.ts) need no DOM: jsdom's start-up would cost each file a second. A file
      // that needs one says `@vitest-environment jsdom` in its first comment. Shared modules, as in 'unit'
      // (129 → 51 CPU-seconds).
      unitProject('unit-node', 'node', { include: ['tests/unit/**/*.test.ts'], exclude: MOCKING_NODE_FILES, isolate: false }),
      // None today; a .ts unit file that mocks a module would run here.
      ...(MOCKING_NODE_FILES.length === 0 ? [] : [unitProject('unit-node-isolated', 'node', { include: MOCKING_NODE_FILES, isolate: true })]),
      {
        // The pure calculations need no DOM; jsdom start-up would dominate their run time.
        resolve: { alias: viteAliases },
        test: {
          name: 'domain',
          include: ['tests/unit/domain/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
          environment: 'node',
        },
      },
      {
        resolve: { alias: viteAliases },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Files of one worker share loaded modules: each file still starts its own app and database
          // (helpers/test-app.ts), and loading the server's modules anew per file was a third of the
          // project's time (bench/test-suite.md).
          isolate: false,
          globalSetup: [COMPILE_COMMANDS],
          // CI runs this project beside the browser tests and the property runs (.ci/run's two lanes):
          // at load 15 a test app's start took over a minute once. A limit that is not reached costs nothing.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The sync engine against the real server (in-process, PGlite in memory) through a fault-injecting proxy.
        resolve: { alias: viteAliases },
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          // A worker's files share loaded modules (the server's and the engine's), as in 'server': loading
          // them, and compiling PGlite's WebAssembly, anew per file was half of this project's CPU (370 → 192
          // CPU-seconds, bench/test-suite.md "Stop 36"). Each file still starts its own servers and stores.
          isolate: false,
          setupFiles: ['tests/sync/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
