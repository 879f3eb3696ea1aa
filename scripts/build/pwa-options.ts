/**
 * The service worker and manifest options of the PWA build
 * (vite-plugin-pwa, injectManifest: our own worker, src/app/pwa/sw/sw.ts,
 * with the precache planned in two groups by scripts/build/precache-plan.ts,
 * docs/decisions/offline-readiness.md), in a module of their own so that a
 * test can build with exactly these (tests/server/photo-worker-build.test.ts
 * checks that the image-compression worker's script is precached).
 */
import { fileURLToPath } from 'node:url';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { pwaManifest } from '../../src/app/pwa/manifest.ts';
import { precachePlan } from './precache-plan.ts';

/** Its `plugin` goes in the build's plugins (it reads the module graph); its transform orders the precache. */
export const precachePlanner = precachePlan();

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  // Absolute: a test builds from another root with these options.
  srcDir: fileURLToPath(new URL('../../src/app/pwa/sw', import.meta.url)),
  filename: 'sw.ts',
  registerType: 'prompt',
  // Registration happens in <UpdatePrompt> through virtual:pwa-register/react.
  injectRegister: false,
  manifest: pwaManifest,
  // globPatterns already finds the icons and the manifest; listing them again
  // (includeAssets, the manifest's icons) put each in the precache twice.
  includeAssets: [],
  includeManifestIcons: false,
  injectManifest: {
    // *.js takes in browser-image-compression's script too (emitted under
    // assets/ by src/ui/photos/compression-library-url.ts), so photos are
    // reduced in a worker offline.
    // ttf: the PDF's fonts, so Imprimir works offline (src/pdf).
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,ttf}'],
    manifestTransforms: [precachePlanner.transform],
  },
  devOptions: { enabled: false },
};
