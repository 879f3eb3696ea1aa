/**
 * The import aliases, in one place for Vite, vitest and the e2e config
 * (tsconfig.json `paths` says the same for the compiler and tsx).
 * `@/` is the PWA (src), `@sync/` the sync layer, `@server/` the API server.
 */
import { fileURLToPath } from 'node:url';

const root = (folder: string) => fileURLToPath(new URL(`./${folder}/`, import.meta.url));

export const pathAliases = {
  '@/': root('src'),
  '@sync/': root('sync'),
  '@server/': root('server'),
} as const;

/** The same aliases in Vite's array form, matched by prefix. */
export const viteAliases = Object.entries(pathAliases).map(([find, replacement]) => ({
  find,
  replacement,
}));
