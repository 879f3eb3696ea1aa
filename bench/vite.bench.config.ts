/**
 * Build of the benchmark page (bench/browser): the sync store and engine as
 * the PWA ships them (same sources, production build), without the app
 * around them. bench/run.ts builds it into a temporary folder, which the
 * bench server serves on its own origin.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { viteAliases } from '../path-aliases.ts';

export default defineConfig({
  resolve: { alias: viteAliases },
  root: fileURLToPath(new URL('./browser', import.meta.url)),
  logLevel: 'warn',
  build: {
    // run.ts passes the output folder; this is only the fallback.
    outDir: fileURLToPath(new URL('../node_modules/.bench-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
});
