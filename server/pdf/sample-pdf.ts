/**
 * A sample's PDF on the server: its record as loaded (server/routes/samples/load.ts),
 * its quotation's number ('5/2026', for 'Dados cadastrais'), the settings,
 * the company logo and the sample's photos (from the file storage;
 * sample-photos.ts), built with the one template of src/pdf/sample (the
 * device prints the same offline: both hand it `pdfSampleOf`, and the type's
 * descriptor, not the stored keys' order, decides what is printed where)
 * and rendered in the PDF worker thread. Used by `GET api/pdf/sample/{id}`.
 */
import { eq } from 'drizzle-orm';
import type { Sample } from '@sync/contract/samples';
import { settingsMap } from '@sync/contract/settings';
import { pdfSampleOf, type SamplePdfInput } from '@/pdf/sample';
import type { Db } from '@server/db/client';
import { options, quotations } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { storedLogo } from './logo';
import { renderSampleInWorker } from './pdf-worker';
import { samplePdfPhotos } from './sample-photos';

/** The quotation's number ('5/2026'); null when it has none. */
async function quotationReference(db: Db, quotationId: number): Promise<string | null> {
  const [quotation] = await db.select({ reference_no: quotations.reference_no }).from(quotations).where(eq(quotations.id, quotationId));
  return quotation?.reference_no ?? null;
}

/** `verifyOrigin`: where the report says its verification code is checked (the server's public address, PUBLIC_URL). */
export async function samplePdfInputOf(db: Db, sample: Sample, storage: FileStore, verifyOrigin?: string): Promise<SamplePdfInput> {
  const settings = settingsMap(await db.select({ option: options.option, value: options.value }).from(options));
  return {
    verifyOrigin: verifyOrigin ?? null,
    sample: pdfSampleOf(sample, await quotationReference(db, sample.quotation_id)),
    settings,
    logo: await storedLogo(db, storage, settings.settings_logo),
    photos: await samplePdfPhotos(db, storage, sample.files),
  };
}

/** The PDF bytes of a loaded sample (rendered in the worker thread). */
export async function samplePdf(db: Db, sample: Sample, storage: FileStore, verifyOrigin?: string): Promise<Buffer> {
  return renderSampleInWorker(await samplePdfInputOf(db, sample, storage, verifyOrigin));
}
