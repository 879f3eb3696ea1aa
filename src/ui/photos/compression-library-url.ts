/**
 * Where browser-image-compression's worker loads the library from: the
 * library's own UMD script, emitted into the build by Vite (`?url`: a hashed
 * file under assets/, which the service worker's precache glob takes in), so
 * the worker runs offline. Without `libURL` the library fetches the script
 * from a CDN and, offline, silently falls back to the main thread
 * (docs/shared STACK.md pitfall 4).
 */
import libraryPath from 'browser-image-compression/dist/browser-image-compression.js?url';

/**
 * The script's absolute URL: the worker is started from a blob: URL, against
 * which a relative path would not resolve.
 */
export function compressionLibraryUrl(): string {
  return new URL(libraryPath, globalThis.location?.href ?? 'http://localhost/').href;
}
