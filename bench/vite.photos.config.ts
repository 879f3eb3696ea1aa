/**
 * Build of the photos benchmark page (bench/photos): the photo pipeline as
 * the PWA ships it (src/ui/photos with the library script emitted by the
 * build, the sample wiring, the sync store), production build, without the
 * app around it, with the PWA's service worker (scripts/build/pwa-options.ts)
 * so a reduction can be measured offline. bench/photos.ts builds it into a temporary folder and
 * serves it with Vite's preview server.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { viteAliases } from '../path-aliases.ts';
import { pwaOptions } from '../scripts/build/pwa-options.ts';

export default defineConfig({
  resolve: { alias: viteAliases },
  root: fileURLToPath(new URL('./photos', import.meta.url)),
  // The PWA's own service worker options: the offline reduction runs under the same precache.
  plugins: [react(), VitePWA(pwaOptions)],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../node_modules/.bench-photos-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
});
