/**
 * The upload queue's overall figure for any page (issue 26): uploads and
 * bytes sent of all queued since the queue was last empty, live in every
 * tab whichever tab uploads (sync/engine/files-queue.ts). `figure` is null
 * when nothing waits to be uploaded.
 */
import { readUploadQueue, type UploadQueueFigure } from '../engine/files-queue';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export type { UploadQueueFigure } from '../engine/files-queue';

export type UploadQueueState = { loading: true } | { loading: false; figure: UploadQueueFigure | null };

export function useUploadQueue(): UploadQueueState {
  const db = useSyncDatabase();
  const state = useLive(() => readUploadQueue(db), [db.name]);
  return state.loading ? { loading: true } : { loading: false, figure: state.data };
}
