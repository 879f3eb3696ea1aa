/**
 * A sample's photos as the device keeps them after reduction, for the bench
 * pages (bench/photos and bench/typing): 1600 × 1200 camera-like JPEGs, each
 * different, with their device thumbnails (`makeThumbnail`), stored through
 * `addRecordFiles` as the photo area stores a photo taken; and the wait
 * until a page has drawn them.
 */
import { addRecordFiles } from '@sync/engine/record-files';
import type { SyncDatabase } from '@sync/store/database';
import { makeThumbnail } from '@/ui/photos';
import { cameraLikeJpeg } from './photo-source';

/** Stores `count` photos on the sample `sampleKey`; returns the bytes of the photos kept. */
export async function addStoredPhotos(store: SyncDatabase, sampleKey: string, count: number): Promise<number> {
  let bytesOnDevice = 0;
  for (let i = 0; i < count; i += 1) {
    const blob = await cameraLikeJpeg(1600, 1200, 1000 + i, 0.8);
    bytesOnDevice += blob.size;
    const fileName = `foto-${i + 1}.jpg`;
    await addRecordFiles(store, 'sample_files', sampleKey, [
      {
        file: { blob, fileName, type: 'image/jpeg', thumbnail: await makeThumbnail(blob) },
        fields: { name: fileName, file_name: fileName, type: 'image/jpeg', size: blob.size, url: null },
      },
    ]);
  }
  return bytesOnDevice;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Waits until `expected` images matching `selector` under `root` are loaded and decoded, then for a frame drawn; returns how many. */
export async function thumbnailsDrawn(root: ParentNode, expected: number, selector: string): Promise<number> {
  for (;;) {
    const images = Array.from(root.querySelectorAll<HTMLImageElement>(selector));
    if (images.length === expected && images.every((image) => image.complete && image.naturalWidth > 0)) {
      await Promise.all(images.map((image) => image.decode()));
      await nextFrame();
      return images.length;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
