/**
 * The sample's photos for the device's Imprimir (the PDF's 'Registro
 * fotográfico'): the sample's image lines in the order added, their bytes
 * from the files table on the device (IndexedDB, so it prints offline),
 * else downloaded when there is a connection; shrunk for print
 * (PRINT_PHOTO, as the server does). A photo that cannot be had (not on the
 * device and offline) is left out: printing never waits for the network.
 * Loaded with the print rendering (sample-print-render.ts), not with the page.
 */
import { type FileTransfers, type LocalSampleFile, readRecordFiles, recordFileBytes, type SyncDatabase } from '@sync/react';
import { type PdfPhoto, PRINT_PHOTO } from '@/pdf/sample';
import { printPhotoDataUrl } from '@/ui/photos';

export async function samplePhotosForPrint(db: SyncDatabase, transfers: FileTransfers | undefined, sampleKey: string): Promise<PdfPhoto[]> {
  const files = await readRecordFiles(db, 'sample_files', sampleKey);
  const photos: PdfPhoto[] = [];
  for (const file of files) {
    const line = file.record as unknown as LocalSampleFile;
    if (line.type && !line.type.startsWith('image/')) continue;
    // Offline, only what is on the device.
    if (!file.availableOffline && typeof navigator !== 'undefined' && navigator.onLine === false) continue;
    try {
      const bytes = await recordFileBytes(db, transfers, 'sample_files', file.key);
      photos.push({ image: await printPhotoDataUrl(bytes, PRINT_PHOTO), name: line.name ?? line.file_name ?? 'imagem.jpg' });
    } catch {
      // Not on the device and not downloadable now: printed without it.
    }
  }
  return photos;
}
