/**
 * The screen test files that replace a module (`vi.mock`). The unit projects
 * share loaded modules between a worker's files (`isolate: false` in
 * vitest.config.ts: each file loading React, Mantine and the app anew was
 * half of their CPU, bench/test-suite.md "Stop 36"), and a module an earlier
 * file already loaded cannot be replaced for a later one: these files run
 * in a project of their own, isolated. Read from the files, so a new test
 * that mocks is isolated without anyone listing it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

/** `folder`'s files ending in `suffix` that mock a module, as paths from the project's root. */
export function filesMockingModules(folder: string, suffix: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name))
    .filter((path) => MOCKS_A_MODULE.test(readFileSync(path, 'utf8')))
    .sort();
}
