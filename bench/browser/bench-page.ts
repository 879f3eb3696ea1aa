/**
 * The benchmark page: exposes the scenarios of bench/support/scenarios.ts on
 * `window.bench` for bench/support/chromium.ts to call with
 * `page.evaluate`, so they run in Chromium on real IndexedDB, against the
 * bench server on this page's own origin. Nothing of it ships in the app.
 */
import { SEARCH_TERMS } from '../support/agents';
import {
  directPull,
  directPush,
  enginePull,
  enginePush,
  searchBench,
  type Connection,
  type DirectPushTiming,
  type EnginePushTiming,
  type PulledStore,
  type SearchTiming,
} from '../support/scenarios';
import { signIn } from '../support/sign-in';

export interface BenchPage {
  signIn(username: string, password: string): Promise<void>;
  /** `batchSize`: the engine's pushBatchSize (1: one request per create; default the engine's). */
  enginePush(count: number, tag: string, batchSize?: number): Promise<EnginePushTiming>;
  directPush(count: number, tag: string): Promise<DirectPushTiming>;
  /** The agents' list calls with plain fetch (the pull's baseline). */
  directPull(pageSize: number): Promise<{ ms: number; records: number }>;
  /** Pulls into an empty store and keeps it for `search`. */
  pull(expected: number, tag: string): Promise<{ ms: number; records: number }>;
  search(): Promise<SearchTiming>;
  /**
   * Part `pdf`: prints a quotation as the app does (its lazy render module,
   * loaded on the first call) from records the page holds; the time from
   * the call to the PDF Blob.
   */
  pdfRender(sources: unknown): Promise<{ ms: number; bytes: number }>;
  /**
   * Part `chemical-pdf` (issue 22), online: keeps a sample's report sources
   * under `name` (the wire sample, the settings' rows, its photos' bytes
   * downloaded from `photoPaths` as the device keeps them).
   */
  samplePdfLoad(name: string, sample: unknown, settings: unknown[], photoPaths: string[]): Promise<{ photoBytes: number }>;
  /**
   * Then, offline: prints that sample as the app's Imprimir does (the
   * photos shrunk for print, the app's lazy render module); the time from
   * the call to the PDF Blob, and its size.
   */
  samplePdfRender(name: string): Promise<{ ms: number; bytes: number; photosMs: number }>;
  close(): Promise<void>;
}

const sampleSources = new Map<string, { sample: Record<string, unknown>; settings: unknown[]; photos: Array<{ bytes: Blob; name: string }> }>();

let connection: Connection | null = null;
let pulled: PulledStore | null = null;

const connected = (): Connection => {
  if (!connection) throw new Error('call bench.signIn first');
  return connection;
};

const bench: BenchPage = {
  async signIn(username, password) {
    connection = { baseUrl: location.origin, token: await signIn(location.origin, username, password) };
  },
  enginePush: (count, tag, batchSize) => enginePush(connected(), count, tag, undefined, batchSize),
  directPush: (count, tag) => directPush(connected(), count, tag),
  directPull: (pageSize) => directPull(connected(), pageSize),
  async pull(expected, tag) {
    await pulled?.close();
    const result = await enginePull(connected(), expected, tag);
    pulled = result.store;
    return { ms: result.ms, records: result.records };
  },
  async search() {
    if (!pulled) throw new Error('call bench.pull first');
    return searchBench(pulled.db, SEARCH_TERMS);
  },
  async pdfRender(sources) {
    const started = performance.now();
    const { renderQuotationPdf } = await import('@/features/quotations/quotation-print-render');
    const blob = await renderQuotationPdf(sources as Parameters<typeof renderQuotationPdf>[0], { kind: 'quotation' });
    return { ms: performance.now() - started, bytes: blob.size };
  },
  async samplePdfLoad(name, sample, settings, photoPaths) {
    const photos: Array<{ bytes: Blob; name: string }> = [];
    for (const [index, path] of photoPaths.entries()) {
      const response = await fetch(`${location.origin}/${path}`, { headers: { authorization: `Bearer ${connected().token}` } });
      photos.push({ bytes: await response.blob(), name: `foto-${index + 1}.jpg` });
    }
    sampleSources.set(name, { sample: sample as Record<string, unknown>, settings, photos });
    return { photoBytes: photos.reduce((sum, photo) => sum + photo.bytes.size, 0) };
  },
  async samplePdfRender(name) {
    const sources = sampleSources.get(name)!;
    const started = performance.now();
    const [{ renderSamplePdf }, { pdfSampleOf, PRINT_PHOTO }, { printPhotoDataUrl }, { settingsMap }] = await Promise.all([
      import('@/features/samples/sample-print-render'),
      import('@/pdf/sample'),
      import('@/ui/photos'),
      import('@sync/contract/settings'),
    ]);
    const photos = [];
    for (const photo of sources.photos) photos.push({ image: await printPhotoDataUrl(photo.bytes, PRINT_PHOTO), name: photo.name });
    const photosMs = performance.now() - started;
    const blob = await renderSamplePdf({
      sample: pdfSampleOf(sources.sample as never, null),
      settings: settingsMap(sources.settings as never),
      logo: null,
      photos,
    });
    return { ms: performance.now() - started, bytes: blob.size, photosMs };
  },
  async close() {
    await pulled?.close();
    pulled = null;
  },
};

(window as unknown as { bench: BenchPage }).bench = bench;
document.getElementById('status')!.textContent = 'pronto';
