/**
 * The service worker and manifest options of the PWA build
 * (vite-plugin-pwa, generateSW), in a module of their own so that a test can
 * build with exactly these (tests/server/photo-worker-build.test.ts checks
 * that the image-compression worker's script is precached).
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { pwaManifest } from '../../src/app/pwa/manifest.ts';

export const pwaOptions: Partial<VitePWAOptions> = {
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
    // *.js takes in browser-image-compression's script too (emitted under
    // assets/ by src/ui/photos/compression-library-url.ts), so photos are
    // reduced in a worker offline.
    // ttf: the PDF's fonts, so Imprimir works offline (src/pdf).
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
};
