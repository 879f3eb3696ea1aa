/**
 * The upload queue as one figure for every page (issue 26): how many
 * uploads (photos, a customer's files) and how many bytes are sent of all
 * those queued since the queue was last empty ('Enviando 12 de 40 fotos,
 * 3,1 de 11,3 MB'). Published for every tab like the per-upload progress
 * (files-progress.ts):
 *
 * - what is still to send is read from the store: the upload creates in the
 *   outbox, pending or in flight, with their bytes' size, plus the bytes
 *   of each one on its way (its progress row);
 * - what was already sent lives in one `meta` row (UPLOADS_SENT_ROW), bumped
 *   in the very transaction that accepts an upload's answer (so a photo is
 *   never counted both sent and queued) and removed when the queue empties:
 *   by the last upload accepted, or at the end of a push that left none
 *   (the last ones refused or discarded).
 *
 * An upload refused by the server (failed) leaves the figure: it waits for
 * the user on the sync page, not for the network.
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import type { OutboxEntry, StoredFile } from '../store/types';
import { readUploadProgress, type UploadProgress } from './files-progress';
import { markUploaded } from './files-store';

export const UPLOADS_SENT_ROW = 'uploads_sent';

/** The uploads accepted since the queue was last empty. */
export interface UploadsSent {
  count: number;
  bytes: number;
  /** How many of them were not images (the figure then says 'arquivos', not 'fotos'). */
  others: number;
}

/** An upload still to send: its record's local key, its bytes' size, whether it is an image. */
export interface QueuedUpload {
  key: string;
  bytes: number;
  image: boolean;
}

export interface UploadQueueFigure {
  sentCount: number;
  totalCount: number;
  /** Bytes sent, counting the part of each upload on its way that has gone. */
  sentBytes: number;
  totalBytes: number;
  /** Every upload of the figure is an image. */
  photos: boolean;
}

/**
 * The figure from its three sources; null when nothing is queued (the
 * uploads already sent count only beside some still to send).
 */
export function uploadQueueFigure(
  sent: UploadsSent | null,
  queued: readonly QueuedUpload[],
  progress: ReadonlyMap<string, Pick<UploadProgress, 'loaded' | 'total'>>,
): UploadQueueFigure | null {
  if (queued.length === 0) return null;
  const done = sent ?? { count: 0, bytes: 0, others: 0 };
  let queuedBytes = 0;
  let moving = 0;
  for (const upload of queued) {
    queuedBytes += upload.bytes;
    const going = progress.get(upload.key);
    // The progress counts the multipart body (fields and boundaries too): its share of the file's own bytes.
    if (going && going.total > 0) moving += Math.round(upload.bytes * Math.min(1, Math.max(0, going.loaded / going.total)));
  }
  return {
    sentCount: done.count,
    totalCount: done.count + queued.length,
    sentBytes: done.bytes + moving,
    totalBytes: done.bytes + queuedBytes,
    photos: done.others === 0 && queued.every((upload) => upload.image),
  };
}

/** The figure as the store holds it now, read in one snapshot. */
export async function readUploadQueue(db: SyncDatabase): Promise<UploadQueueFigure | null> {
  return db.read(async (store) => {
    const entries = await queuedUploadEntries(store);
    if (entries.length === 0) return null;
    const [files, progress, sent] = await Promise.all([
      store.files
        .where('[owner_resource+owner_key]')
        .anyOf(entries.map((entry) => [entry.resource, entry.key]))
        .toArray(),
      readUploadProgress(store),
      store.meta.get(UPLOADS_SENT_ROW),
    ]);
    const byOwner = new Map(files.map((file) => [`${file.owner_resource}/${file.owner_key}`, file]));
    const queued = entries.map((entry) => queuedUpload(entry, byOwner.get(`${entry.resource}/${entry.key}`)));
    return uploadQueueFigure((sent?.value as UploadsSent | undefined) ?? null, queued, progress);
  });
}

function queuedUpload(entry: OutboxEntry, file: StoredFile | undefined): QueuedUpload {
  // Bytes gone from the device fail their upload (FILE_MESSAGES.missing): nothing to count meanwhile.
  return { key: entry.key, bytes: file?.blob.size ?? 0, image: (file?.type ?? '').startsWith('image/') };
}

/**
 * The server accepted an upload (inside the step that applies its answer):
 * its bytes are marked uploaded and counted as sent, or, when it was the
 * last one queued, the count starts again.
 */
export async function markDelivered(store: StoreScope, resourceName: string, key: string, id: number, seq: number): Promise<void> {
  const [file, sent, others] = await Promise.all([
    store.files.where('[owner_resource+owner_key]').equals([resourceName, key]).first(),
    store.meta.get(UPLOADS_SENT_ROW),
    queuedUploadEntries(store, seq),
  ]);
  await markUploaded(store, resourceName, key, id);
  if (others.length === 0) {
    await store.meta.delete(UPLOADS_SENT_ROW);
    return;
  }
  const before = (sent?.value as UploadsSent | undefined) ?? { count: 0, bytes: 0, others: 0 };
  const image = (file?.type ?? '').startsWith('image/');
  const value: UploadsSent = { count: before.count + 1, bytes: before.bytes + (file?.blob.size ?? 0), others: before.others + (image ? 0 : 1) };
  await store.meta.put({ name: UPLOADS_SENT_ROW, value });
}

/** No upload left to send (the last ones refused or discarded): the next photo starts a new count. */
export async function forgetUploadsSentIfIdle(db: SyncDatabase): Promise<void> {
  // Nearly always nothing to forget: one read, no transaction.
  if (!(await db.meta.get(UPLOADS_SENT_ROW))) return;
  await db.write(async (store) => {
    if ((await queuedUploadEntries(store)).length === 0) await store.meta.delete(UPLOADS_SENT_ROW);
  });
}

/** The upload creates still to send (pending or in flight), but the entry `except`. */
async function queuedUploadEntries(store: StoreScope, except?: number): Promise<OutboxEntry[]> {
  const resources = store.registry.resources.filter((resource) => resource.upload).map((resource) => resource.name);
  if (resources.length === 0) return [];
  return store.outbox
    .where('resource')
    .anyOf(resources)
    .filter((entry) => entry.op === 'create' && entry.seq !== except && (entry.status === 'pending' || entry.status === 'in_flight'))
    .toArray();
}
