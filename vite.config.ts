/**
 * Build of the PWA: file routes (TanStack Router plugin, before React),
 * React, and the service worker + manifest (vite-plugin-pwa, generateSW).
 * In development `/api` and `/oauth` go to the API server on port 8080.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/pwa/manifest.ts';
import { viteAliases } from './path-aliases.ts';

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
      includeAssets: ['favicon.svg', 'icons/favicon-32.png', 'icons/apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
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
