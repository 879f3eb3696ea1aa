/**
 * The `photos` part of `npm run bench` (issue 13), in Chromium:
 *
 * 1. Reduce: a 12-megapixel camera-like JPEG (4000 × 3000, smooth light,
 *    objects, text and sensor noise; bench/photos/photo-source.ts) is
 *    reduced by the real `reduceImage` (browser-image-compression in its web
 *    worker, the library script served by the page's own build, as the PWA
 *    does). Time per photo and size kept (goals: under 1.5 s, under 400 kB),
 *    against a same-run baseline: decoding the same JPEG into a bitmap
 *    (the floor of any reduction). One warm-up each, then REPEATS pairs,
 *    alternating order. The requests of the page and its worker are
 *    watched: the library script must come from the page's origin and
 *    nothing from a CDN. Then the page installs the PWA's service worker,
 *    the network is cut, and one more reduction runs: does the worker still
 *    get the library (from the service worker), and stay off the main
 *    thread (long tasks)?
 * 2. Open: a sample with 20 photos kept on the device (1600 × 1200 JPEGs,
 *    as reduced, bench/photos/stored-photos.ts). The photo area of the
 *    Caracterização tab (`SamplePhotos`, the real wiring on the real store)
 *    is mounted alone on the bench page; issue 13's goal is timed on the
 *    real sample page by part `sample-typing`. Figures: mount until the area is
 *    usable (files read, buttons enabled), and until all 20 thumbnails are
 *    decoded and drawn (goal: under 500 ms); baseline: the same 20 stored
 *    thumbnails read from IndexedDB and shown as plain <img> (and, for
 *    scale, the 20 full photos shown that way). The store is reopened
 *    before each run; one warm-up, then REPEATS rounds, order alternating.
 *
 * BENCH_PHOTO_REPEATS sets the pairs (default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium-flags';
import type { OpenTiming, PhotoBenchPage, ReduceTiming } from './photos/photos-page';
import { median, round } from './support/stats';

const REPEATS = Number(process.env.BENCH_PHOTO_REPEATS ?? 5);
const PHOTOS_ON_SAMPLE = 20;

export const PHOTO_GOALS = { reduceMs: 1_500, reducedBytes: 400_000, openMs: 500 } as const;

export interface Spread {
  runs: number[];
  median: number;
  min: number;
  max: number;
}

function spread(values: number[]): Spread {
  return {
    runs: values.map((value) => round(value)),
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

export interface PhotosFigure {
  chromium: string;
  reduce: {
    originalBytes: number;
    originalSize: string;
    reducedSize: string;
    ms: Spread;
    bytes: Spread;
    longTaskMs: Spread;
    /** The same with the sample stamp drawn on the reduced photo (FIELD-UX item 10). */
    stamped: { ms: Spread; bytes: Spread; bandLuma: number; unstampedBandLuma: number };
    baselineDecodeMs: Spread;
    ratioToBaseline: number;
    libraryFrom: string[];
    cdnRequests: number;
    /** One reduction with the network cut, under the PWA's service worker. */
    offline: {
      serviceWorkerControlled: boolean;
      libraryPrecached: boolean;
      ms: number;
      bytes: number;
      longTaskMs: number;
      libraryResponses: { url: string; fromServiceWorker: boolean; status: number }[];
      libraryFailures: string[];
    };
    goals: { ms: number; bytes: number };
    met: boolean;
  };
  open: {
    photos: number;
    bytesOnDevice: number;
    what: string;
    usableMs: Spread;
    thumbnailsMs: Spread;
    /** Plain <img> of the stored thumbnails: the same bytes without the component. */
    baselineMs: Spread;
    /** Plain <img> of the 20 full photos (what showing them without device thumbnails costs). */
    fullPhotosMs: Spread;
    ratioToBaseline: number;
    goalMs: number;
    met: boolean;
  };
}

type Call = <M extends keyof PhotoBenchPage>(method: M, ...args: Parameters<PhotoBenchPage[M]>) => Promise<Awaited<ReturnType<PhotoBenchPage[M]>>>;

export async function runPhotosBench(say: (message: string) => void): Promise<PhotosFigure> {
  const outDir = mkdtempSync(join(tmpdir(), 'ho-bench-photos-'));
  const profile = mkdtempSync(join(tmpdir(), 'ho-bench-photos-chromium-'));
  let server: PreviewServer | null = null;
  let context: BrowserContext | null = null;
  try {
    say('photos: building the bench page (vite)...');
    const configFile = fileURLToPath(new URL('./vite.photos.config.ts', import.meta.url));
    await build({ configFile, build: { outDir, emptyOutDir: true } });
    server = await preview({ configFile, build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the preview server has no address');

    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: { width: 768, height: 1024 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(300_000);
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    page.on('worker', (worker) => say(`photos: worker started (${worker.url().slice(0, 40)}…)`));
    await page.goto(url);
    await page.getByText('pronto').waitFor();
    const chromiumVersion = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    const call: Call = (method, ...args) =>
      page.evaluate(
        ([name, values]) => (window as unknown as { photoBench: Record<string, (...a: unknown[]) => unknown> }).photoBench[name]!(...values),
        [method, args] as [string, unknown[]],
      ) as never;

    // 1. Reduce.
    const made = await call('makePhoto', 4000, 3000, 42);
    say(`photos: 12 MP camera-like JPEG of ${Math.round(made.bytes / 1024)} kB; reducing, ${REPEATS} pairs...`);
    const baseline = await call('decodeBaseline');
    const warm = await call('reduce', false);
    await call('reduce', true);
    const reduceRuns: ReduceTiming[] = [];
    const stampedRuns: ReduceTiming[] = [];
    const decodeRuns: number[] = [];
    for (let pair = 0; pair < REPEATS; pair += 1) {
      const order = pair % 2 === 0 ? (['reduce', 'stamped', 'decode'] as const) : (['decode', 'stamped', 'reduce'] as const);
      for (const side of order) {
        if (side === 'reduce') reduceRuns.push(await call('reduce', false));
        else if (side === 'stamped') stampedRuns.push(await call('reduce', true));
        else decodeRuns.push((await call('decodeBaseline')).ms);
      }
      say(
        `photos: reduce round ${pair + 1}/${REPEATS}: ${Math.round(reduceRuns.at(-1)!.ms)} ms, ${Math.round(reduceRuns.at(-1)!.bytes / 1024)} kB; ` +
          `stamped ${Math.round(stampedRuns.at(-1)!.ms)} ms, ${Math.round(stampedRuns.at(-1)!.bytes / 1024)} kB, band luma ${Math.round(stampedRuns.at(-1)!.bandLuma)} ` +
          `(unstamped ${Math.round(reduceRuns.at(-1)!.bandLuma)}); decode ${Math.round(decodeRuns.at(-1)!)} ms`,
      );
    }
    const libraryFrom = [...new Set(requests.filter((request) => /browser-image-compression/.test(request)))];

    // Offline: the installed app's service worker, the network cut, one more reduction.
    say('photos: installing the service worker, then one reduction offline...');
    const installed = await call('installServiceWorker');
    const libraryResponses: { url: string; fromServiceWorker: boolean; status: number }[] = [];
    context.on('response', (response) => {
      if (/browser-image-compression/.test(response.url()))
        libraryResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker(), status: response.status() });
    });
    const failedLibrary: string[] = [];
    context.on('requestfailed', (request) => {
      if (/browser-image-compression/.test(request.url())) failedLibrary.push(request.failure()?.errorText ?? 'failed');
    });
    await context.setOffline(true);
    const offlineRun = await call('reduce', true);
    await context.setOffline(false);
    say(
      `photos: offline reduction ${Math.round(offlineRun.ms)} ms, long tasks ${Math.round(offlineRun.longTaskMs)} ms; library ${JSON.stringify(libraryResponses)} ${failedLibrary.join(', ')}`,
    );
    const cdnRequests = requests.filter(
      (request) => !request.startsWith(url.replace(/\/$/, '')) && !request.startsWith('blob:') && !request.startsWith('data:'),
    ).length;
    const reduceMs = spread(reduceRuns.map((run) => run.ms));
    const reducedBytes = spread(reduceRuns.map((run) => run.bytes));
    const stampedMs = spread(stampedRuns.map((run) => run.ms));
    const stampedBytes = spread(stampedRuns.map((run) => run.bytes));
    // The check that the kept JPEG carries the stamp: its bottom band is darker than the unstamped photo's.
    const bandDrop = median(reduceRuns.map((run) => run.bandLuma)) - median(stampedRuns.map((run) => run.bandLuma));
    if (!(bandDrop > 20)) throw new Error(`photos: the stamped photo's bottom band is not darker than the unstamped one (by ${round(bandDrop)})`);

    // 2. Open a sample with 20 photos.
    say(`photos: storing ${PHOTOS_ON_SAMPLE} photos on a sample...`);
    const seeded = await call('seedSample', PHOTOS_ON_SAMPLE);
    await call('openSample');
    await call('openBaseline', 'thumbnail');
    await call('openBaseline', 'photo');
    const openRuns: OpenTiming[] = [];
    const openBaselineRuns: number[] = [];
    const fullPhotoRuns: number[] = [];
    for (let pair = 0; pair < REPEATS; pair += 1) {
      const order = pair % 2 === 0 ? (['area', 'plain', 'full'] as const) : (['full', 'plain', 'area'] as const);
      for (const side of order) {
        if (side === 'area') openRuns.push(await call('openSample'));
        else if (side === 'plain') openBaselineRuns.push((await call('openBaseline', 'thumbnail')).thumbnailsMs);
        else fullPhotoRuns.push((await call('openBaseline', 'photo')).thumbnailsMs);
      }
      const last = openRuns.at(-1)!;
      say(
        `photos: open pair ${pair + 1}/${REPEATS}: usable ${Math.round(last.usableMs)} ms, ${last.thumbnails} thumbnails ${Math.round(last.thumbnailsMs)} ms; ` +
          `plain thumbnails ${Math.round(openBaselineRuns.at(-1)!)} ms; plain full photos ${Math.round(fullPhotoRuns.at(-1)!)} ms`,
      );
    }
    const thumbnailsMs = spread(openRuns.map((run) => run.thumbnailsMs));
    const baselineOpen = spread(openBaselineRuns);

    return {
      chromium: chromiumVersion,
      reduce: {
        originalBytes: made.bytes,
        originalSize: `${baseline.width} × ${baseline.height}`,
        reducedSize: `${warm.width} × ${warm.height}`,
        ms: reduceMs,
        bytes: reducedBytes,
        longTaskMs: spread(reduceRuns.map((run) => run.longTaskMs)),
        stamped: {
          ms: stampedMs,
          bytes: stampedBytes,
          bandLuma: round(median(stampedRuns.map((run) => run.bandLuma))),
          unstampedBandLuma: round(median(reduceRuns.map((run) => run.bandLuma))),
        },
        baselineDecodeMs: spread(decodeRuns),
        ratioToBaseline: round(reduceMs.median / median(decodeRuns), 2),
        libraryFrom,
        cdnRequests,
        offline: {
          serviceWorkerControlled: installed.controlled,
          libraryPrecached: installed.precached.some((path) => /browser-image-compression/.test(path)),
          ms: round(offlineRun.ms),
          bytes: offlineRun.bytes,
          longTaskMs: round(offlineRun.longTaskMs),
          libraryResponses,
          libraryFailures: failedLibrary,
        },
        goals: { ms: PHOTO_GOALS.reduceMs, bytes: PHOTO_GOALS.reducedBytes },
        met: Math.max(reduceMs.max, stampedMs.max) < PHOTO_GOALS.reduceMs && Math.max(reducedBytes.max, stampedBytes.max) < PHOTO_GOALS.reducedBytes,
      },
      open: {
        photos: PHOTOS_ON_SAMPLE,
        bytesOnDevice: seeded.bytesOnDevice,
        what: 'the photo area of the Caracterização tab (SamplePhotos on the real store) on a bench page (the real sample page: part sample-typing)',
        usableMs: spread(openRuns.map((run) => run.usableMs)),
        thumbnailsMs,
        baselineMs: baselineOpen,
        fullPhotosMs: spread(fullPhotoRuns),
        ratioToBaseline: round(thumbnailsMs.median / baselineOpen.median, 2),
        goalMs: PHOTO_GOALS.openMs,
        met: thumbnailsMs.median < PHOTO_GOALS.openMs,
      },
    };
  } finally {
    await context?.close();
    await new Promise<void>((resolve) => (server ? server.httpServer.close(() => resolve()) : resolve()));
    rmSync(outDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

export function formatPhotos(figure: PhotosFigure): string {
  const { reduce, open } = figure;
  const yes = (met: boolean) => (met ? 'met' : 'NOT met');
  return [
    `Photos (Chromium ${figure.chromium})`,
    `  reduce ${reduce.originalSize} JPEG of ${Math.round(reduce.originalBytes / 1024)} kB -> ${reduce.reducedSize}:`,
    `    time   median ${reduce.ms.median} ms (min ${reduce.ms.min}, max ${reduce.ms.max}); goal < ${reduce.goals.ms} ms`,
    `    size   median ${Math.round(reduce.bytes.median / 1024)} kB (max ${Math.round(reduce.bytes.max / 1024)} kB); goal < ${reduce.goals.bytes / 1000} kB -> ${yes(reduce.met)}`,
    `    stamped: time median ${reduce.stamped.ms.median} ms (min ${reduce.stamped.ms.min}, max ${reduce.stamped.ms.max}); size median ${Math.round(reduce.stamped.bytes.median / 1024)} kB (max ${Math.round(reduce.stamped.bytes.max / 1024)} kB); bottom band luma ${reduce.stamped.bandLuma} (unstamped ${reduce.stamped.unstampedBandLuma})`,
    `    baseline decode to bitmap median ${reduce.baselineDecodeMs.median} ms; ratio ${reduce.ratioToBaseline}; main-thread long tasks median ${reduce.longTaskMs.median} ms`,
    `    library script from ${reduce.libraryFrom.join(', ') || '(not seen)'}; other-origin requests ${reduce.cdnRequests}`,
    `    offline (service worker ${reduce.offline.serviceWorkerControlled ? 'in control' : 'NOT in control'}, library ${reduce.offline.libraryPrecached ? 'precached' : 'NOT precached'}): ` +
      `${reduce.offline.ms} ms, ${Math.round(reduce.offline.bytes / 1024)} kB, long tasks ${reduce.offline.longTaskMs} ms; library answered ` +
      `${reduce.offline.libraryResponses.map((r) => `${r.status}${r.fromServiceWorker ? ' by the service worker' : ''}`).join(', ') || 'not requested'}` +
      `${reduce.offline.libraryFailures.length > 0 ? `; failed: ${reduce.offline.libraryFailures.join(', ')}` : ''}`,
    `  open a sample with ${open.photos} photos on the device (${Math.round(open.bytesOnDevice / 1024)} kB), ${open.what}:`,
    `    usable median ${open.usableMs.median} ms (max ${open.usableMs.max}); thumbnails drawn median ${open.thumbnailsMs.median} ms (min ${open.thumbnailsMs.min}, max ${open.thumbnailsMs.max}); goal < ${open.goalMs} ms -> ${yes(open.met)}`,
    `    baseline plain <img> of the stored thumbnails median ${open.baselineMs.median} ms; ratio ${open.ratioToBaseline}; plain <img> of the full photos median ${open.fullPhotosMs.median} ms`,
  ].join('\n');
}
