/**
 * The server's commands compiled to JavaScript once per run
 * (compile-commands.global.ts, the global setup of the server project and
 * of the screen projects), for the tests that start them as processes of
 * their own. Through `node --import tsx` each start compiled and resolved
 * the whole server again: about 0.8 CPU-s a command, 1.3 a server
 * (bench/test-suite.md, "Stop 40"). The output is what `npm start` runs
 * (server/bundle-options.mjs); a test about a command as the README gives
 * it (`npm run backup`, `npm start`) runs that instead.
 */
import { relative } from 'node:path';
import { inject } from 'vitest';

/** Each command's source, by the name of its compiled module. */
export const COMMAND_SOURCES = {
  server: 'server/main.ts',
  'seed-demo': 'server/db/seed-demo.ts',
  'seed-users': 'tests/e2e/support/seed-users.ts',
  /** Not a command: the module every command opens the database through, for a test's own small script. */
  'db-client': 'server/db/client.ts',
  /** The screen tests' server (tests/unit/support/test-server.ts). */
  'test-server': 'tests/unit/support/server-process.ts',
} as const;

export type CompiledCommand = keyof typeof COMMAND_SOURCES;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's compiled commands (inside the project, so their packages resolve from node_modules). */
    compiledCommands: string;
  }
}

/** The absolute path of a command's compiled module. */
export function compiledCommand(name: CompiledCommand): string {
  return `${inject('compiledCommands')}/${name}.mjs`;
}

/**
 * How the data-folder lock names a process started as `node <compiled module>` in the project's folder (the
 * tests start them there; not read from import.meta.url, which is no file URL in jsdom).
 */
export function commandLabel(name: CompiledCommand): string {
  return `node ${relative(process.cwd(), compiledCommand(name))}`;
}
