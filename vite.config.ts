/**
 * Build of the PWA: file routes (TanStack Router plugin, before React),
 * React, the service worker + manifest (vite-plugin-pwa, generateSW), and
 * brotli/gzip copies of the text files for the server (scripts/build).
 * In development `/api` and `/oauth` go to the API server on port 8080.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/pwa/manifest.ts';
import { viteAliases } from './path-aliases.ts';
import { precompress } from './scripts/build/precompress.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  resolve: { alias: viteAliases },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registration happens in <UpdatePrompt> through virtual:pwa-register/react.
      injectRegister: false,
      manifest: pwaManifest,
      // globPatterns already finds the icons and the manifest; listing them again
      // (includeAssets, the manifest's icons) put each in the precache twice.
      includeAssets: [],
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,ttf}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//],
        // The first visit must be controlled at once (offline afterwards);
        // a later version waits for the user's 'Recarregar' (skipWaiting off).
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
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
  },
});
