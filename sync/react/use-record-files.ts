/**
 * The files of a record for the screens (customer attachments, sample
 * photos): the list, live, with each file's state (on this device only,
 * uploading with progress, uploaded, failed with the server's message)
 * and whether it opens offline; and the actions: `add` (one unit of work:
 * lines, entries and bytes), `remove`, `bytes` (the device's copy, else the
 * server's, then kept), `thumbnail` (the device's preview) and
 * `keepOffline`. See sync/engine/record-files.ts.
 */
import { useMemo } from 'react';
import {
  addRecordFiles,
  readRecordFiles,
  recordFileBytes,
  recordFileThumbnail,
  removeRecordFile,
  type NewRecordFile,
  type RecordFile,
} from '../engine/record-files';
import type { ResourceName, ResourceRecordMap } from '../store/registry/catalog-records';
import { useSyncContext } from './context';
import { useLive } from './use-live';

export interface RecordFileActions {
  /** Adds files to the record; resolves to their local keys. Refused as a whole when one is invalid. */
  add(files: readonly NewRecordFile[]): Promise<string[]>;
  remove(key: string): Promise<{ cancelled: boolean }>;
  /** The bytes of a file: the device's copy, else downloaded (and kept). */
  bytes(key: string): Promise<Blob>;
  /** The preview made on this device when the file was added (a photo's thumbnail), or null. */
  thumbnail(key: string): Promise<Blob | null>;
  /** Downloads a file now so it opens offline later. */
  keepOffline(key: string): Promise<void>;
}

export type RecordFilesState<T> = RecordFileActions & ({ loading: true } | { loading: false; files: RecordFile<T>[] });

export function useRecordFiles<R extends ResourceName>(resource: R, recordKey: string | null | undefined): RecordFilesState<ResourceRecordMap[R]> {
  const { db, engine } = useSyncContext();
  const state = useLive(
    async () => (recordKey ? ((await readRecordFiles(db, resource, recordKey)) as unknown as RecordFile<ResourceRecordMap[R]>[]) : []),
    [db.name, resource, recordKey ?? null],
  );
  const actions = useMemo<RecordFileActions>(
    () => ({
      add: (files) => {
        if (!recordKey) return Promise.reject(new Error('useRecordFiles: no record to add files to'));
        return addRecordFiles(db, resource, recordKey, files);
      },
      remove: (key) => removeRecordFile(db, resource, key),
      bytes: (key) => recordFileBytes(db, engine?.files, resource, key),
      thumbnail: (key) => recordFileThumbnail(db, resource, key),
      keepOffline: async (key) => {
        await recordFileBytes(db, engine?.files, resource, key);
      },
    }),
    [db, engine, resource, recordKey],
  );
  return state.loading ? { loading: true, ...actions } : { loading: false, files: state.data, ...actions };
}
