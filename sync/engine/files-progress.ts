/**
 * Upload progress, published for every tab like the rest of the sync
 * status: the engine tab writes one `meta` row per upload being sent
 * (`upload:<local key>` → bytes sent of total), at most every
 * PROGRESS_INTERVAL_MS, and removes it when the upload's answer is applied.
 * Screens read the rows live (readUploadProgress), whichever tab uploads.
 * One row per upload, so parallel uploads never overwrite each other.
 */
import type { StoreScope, SyncDatabase } from '../store/database';

const PREFIX = 'upload:';
export const PROGRESS_INTERVAL_MS = 250;

export interface UploadProgress {
  resource: string;
  /** Local key of the record being uploaded. */
  key: string;
  loaded: number;
  total: number;
}

function rowName(key: string): string {
  return `${PREFIX}${key}`;
}

/**
 * A progress callback for one upload: writes the first report at once, then
 * at most one per interval (the last one, all bytes gone, always lands).
 * Store failures are ignored: progress is a hint.
 */
export function uploadProgressReporter(
  db: SyncDatabase,
  resource: string,
  key: string,
  now: () => number = Date.now,
): (loaded: number, total: number) => void {
  let last = -Infinity;
  return (loaded, total) => {
    const at = now();
    if (at - last < PROGRESS_INTERVAL_MS && loaded < total) return;
    last = at;
    const value: UploadProgress = { resource, key, loaded, total };
    void db.meta.put({ name: rowName(key), value }).catch(() => undefined);
  };
}

/**
 * The upload's answer is being applied (sent, failed, will retry): no
 * progress to show. Inside the step that applies it, so the figure of the
 * queue (files-queue.ts) never shows the upload's bytes as not sent again
 * before they count as sent.
 */
export async function clearUploadProgress(store: StoreScope, key: string): Promise<void> {
  await store.meta.delete(rowName(key));
}

/** Uploads being sent now, by local key of their record. */
export async function readUploadProgress(db: StoreScope): Promise<Map<string, UploadProgress>> {
  const rows = await db.meta.where('name').startsWith(PREFIX).toArray();
  return new Map(rows.map((row) => [(row.value as UploadProgress).key, row.value as UploadProgress]));
}

/** Rows left by an upload cut off (app closed mid-upload): removed when a push starts. */
export async function clearAllUploadProgress(db: SyncDatabase): Promise<void> {
  await db.meta.where('name').startsWith(PREFIX).delete();
}
