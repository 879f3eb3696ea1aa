/**
 * Build of the PWA: file routes (TanStack Router plugin, before React),
 * React, the service worker + manifest (vite-plugin-pwa, injectManifest with
 * the precache planned in two groups, scripts/build/precache-plan.ts), and
 * brotli/gzip copies of the text files for the server, the entry's
 * stylesheet taken off the render-blocking path, and the sync engine and the
 * domain as one file each after the sign-in (scripts/build).
 * In development `/api` and `/oauth` go to the API server on port 8080.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { viteAliases } from './path-aliases.ts';
import { codeSplittingPlan } from './scripts/build/code-splitting.ts';
import { deferredStyles } from './scripts/build/deferred-styles.ts';
import { precompress } from './scripts/build/precompress.ts';
import { precachePlanner, pwaOptions } from './scripts/build/pwa-options.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const splitting = codeSplittingPlan();

export default defineConfig({
  resolve: { alias: viteAliases },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    precachePlanner.plugin,
    splitting.plugin,
    VitePWA(pwaOptions),
    deferredStyles(),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/oauth': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/oauth': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: splitting.codeSplitting } },
  },
});
