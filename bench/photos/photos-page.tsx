/**
 * The photos benchmark page: exposes `window.photoBench` for bench/photos.ts
 * to call with `page.evaluate`, in Chromium, on real IndexedDB.
 *
 * - reduce: the real `reduceImage` (browser-image-compression in its
 *   worker, the library script from this page's own build) on a 12 MP
 *   camera-like JPEG; the baseline decodes the same JPEG into a bitmap.
 * - open: a sample with 20 photos kept on the device, opened as the app's
 *   Caracterização tab shows them (`SamplePhotos`, the sample wiring of the
 *   photo area, on the real store); the baselines read the same 20 rows
 *   from IndexedDB and show their thumbnails (the same bytes), or the full
 *   photos, as plain <img> elements.
 * Nothing of it ships in the app.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { SyncProvider } from '@sync/react/context';
import { SyncDatabase } from '@sync/store/database';
import { SamplePhotos } from '@/features/samples/common/photos';
import { reduceImage, sampleStampLabel, stampLayout } from '@/ui/photos';
import { cameraLikeJpeg } from './photo-source';
import { addStoredPhotos, thumbnailsDrawn } from './stored-photos';

export interface ReduceTiming {
  ms: number;
  bytes: number;
  width: number;
  height: number;
  /** Main-thread long tasks (> 50 ms) while it ran: the worker should keep this near zero. */
  longTaskMs: number;
  /** Mean luma (0–255) of the bottom band where the stamp goes (stampLayout's band height), in the kept JPEG. */
  bandLuma: number;
}

export interface OpenTiming {
  /** Mount until the area answers (buttons enabled, the files read). */
  usableMs: number;
  /** Mount until every thumbnail is decoded and a frame has been drawn. */
  thumbnailsMs: number;
  thumbnails: number;
}

export interface PhotoBenchPage {
  /** Registers the service worker (the PWA's options) and waits until it controls the page and has precached. */
  installServiceWorker(): Promise<{ controlled: boolean; precached: string[] }>;
  makePhoto(width: number, height: number, seed: number): Promise<{ bytes: number }>;
  decodeBaseline(): Promise<{ ms: number; width: number; height: number }>;
  /** `stamp`: with the sample stamp (FIELD-UX item 10), as the sample's photo area does. */
  reduce(stamp: boolean): Promise<ReduceTiming>;
  seedSample(photos: number): Promise<{ bytesOnDevice: number }>;
  openSample(): Promise<OpenTiming>;
  /** Plain <img> elements of the stored thumbnails (the bytes the area shows), or of the full photos. */
  openBaseline(bytes: 'thumbnail' | 'photo'): Promise<{ thumbnailsMs: number; thumbnails: number }>;
}

const DB_NAME = 'bench-photos';
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let original: File | null = null;
let db: SyncDatabase | null = null;
let sampleKey: string | null = null;
let root: Root | null = null;
const container = document.getElementById('root')!;

async function freshDb(): Promise<SyncDatabase> {
  db?.close();
  db = new SyncDatabase(DB_NAME);
  await db.open();
  return db;
}

/** Mean luma of the band the stamp covers, read back from the decoded JPEG. */
function bottomBandLuma(bitmap: ImageBitmap): number {
  const { bandPx } = stampLayout(bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(bitmap.width, bandPx);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, bitmap.height - bandPx, bitmap.width, bandPx, 0, 0, bitmap.width, bandPx);
  const pixels = context.getImageData(0, 0, bitmap.width, bandPx).data;
  let sum = 0;
  for (let index = 0; index < pixels.length; index += 4) sum += 0.299 * pixels[index]! + 0.587 * pixels[index + 1]! + 0.114 * pixels[index + 2]!;
  return sum / (pixels.length / 4);
}

function unmount() {
  root?.unmount();
  root = null;
  container.replaceChildren();
}

function wireSample() {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id: 11,
    sample_no: 1,
    customer_id: 7,
    company_name: 'Metalúrgica Exemplo',
    company_city: 'Campinas',
    quotation_id: 5,
    quotation_row_id: '5f0c3a9e1b7d4c2a8e6f0b13',
    plan_unit: 1,
    type_id: 3,
    type: { id: 3, name: 'Ruído', slug: 'noise' },
    agent_name: 'Ruído contínuo',
    chemical_agent: null,
    caracterization: {},
    memory_field: {},
    result: {},
    risk_classification: {},
    validation: {},
    files: [],
    f_created_at: '20/11/2026',
    created_at: at,
    updated_at: at,
  };
}

const bench: PhotoBenchPage = {
  async installServiceWorker() {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const precached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) precached.push(new URL(request.url).pathname);
    }
    return { controlled: navigator.serviceWorker.controller !== null, precached };
  },

  async makePhoto(width, height, seed) {
    const blob = await cameraLikeJpeg(width, height, seed);
    original = new File([blob], 'IMG_20261120_101500.jpg', { type: 'image/jpeg' });
    return { bytes: original.size };
  },

  async decodeBaseline() {
    if (!original) throw new Error('call makePhoto first');
    const start = performance.now();
    const bitmap = await createImageBitmap(original);
    const ms = performance.now() - start;
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { ms, ...size };
  },

  async reduce(stamp) {
    if (!original) throw new Error('call makePhoto first');
    let longTaskMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTaskMs += entry.duration;
    });
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    const reduced = await reduceImage(original, stamp ? { stampLabel: sampleStampLabel(12, 'bench') } : {});
    const ms = performance.now() - start;
    await nextFrame();
    observer.disconnect();
    const bitmap = await createImageBitmap(reduced.blob);
    const timing = { ms, bytes: reduced.blob.size, width: bitmap.width, height: bitmap.height, longTaskMs, bandLuma: bottomBandLuma(bitmap) };
    bitmap.close();
    return timing;
  },

  async seedSample(photos) {
    const store = await freshDb();
    await store.write(async (scope) => applyServerRecords(scope, scope.registry.get('samples'), [wireSample()], await keysWithEntries(scope)));
    const sample = await store.records('samples').where('id').equals(11).first();
    if (!sample) throw new Error('sample not stored');
    sampleKey = sample.key;
    // Photos as the device keeps them after reduction, with their thumbnails.
    const bytesOnDevice = await addStoredPhotos(store, sample.key, photos);
    return { bytesOnDevice };
  },

  async openSample() {
    if (!sampleKey) throw new Error('call seedSample first');
    unmount();
    const store = await freshDb();
    const key = sampleKey;
    await nextFrame();
    const start = performance.now();
    root = createRoot(container);
    root.render(
      <MantineProvider>
        <SyncProvider db={store}>
          <SamplePhotos sampleKey={key} readOnly={false} beforeCamera={async () => {}} />
        </SyncProvider>
      </MantineProvider>,
    );
    let usableMs = 0;
    for (;;) {
      const camera = Array.from(container.querySelectorAll('button')).find((button) => button.textContent === 'Tirar foto');
      if (camera && !camera.disabled && container.querySelector('[data-testid="photo-grid"]')) {
        usableMs = performance.now() - start;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const expected = await store.records('sample_files').count();
    const thumbnails = await thumbnailsDrawn(container, expected, '[data-testid="photo-grid"] img');
    const thumbnailsMs = performance.now() - start;
    return { usableMs, thumbnailsMs, thumbnails };
  },

  async openBaseline(bytes) {
    unmount();
    const store = await freshDb();
    await nextFrame();
    const start = performance.now();
    const rows = await store.files.toArray(); // only the sample's photos are in this store
    const grid = document.createElement('div');
    for (const row of rows) {
      const image = document.createElement('img');
      image.width = 150;
      image.height = 150;
      image.style.objectFit = 'cover';
      image.src = URL.createObjectURL(bytes === 'thumbnail' ? (row.thumbnail ?? row.blob) : row.blob);
      grid.append(image);
    }
    container.append(grid);
    const thumbnails = await thumbnailsDrawn(container, rows.length, 'img');
    const thumbnailsMs = performance.now() - start;
    for (const image of grid.querySelectorAll('img')) URL.revokeObjectURL(image.src);
    return { thumbnailsMs, thumbnails };
  },
};

(window as unknown as { photoBench: PhotoBenchPage }).photoBench = bench;
document.getElementById('status')!.textContent = 'pronto';
