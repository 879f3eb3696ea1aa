/**
 * Live views of the files' sync for the 'Anexos' tab: upload progress (the
 * engine tab publishes it for every tab), which files have their bytes on
 * this device, and the announcements of a batch of attached files: '{n}
 * arquivo(s) enviado(s) com sucesso' once every file of the batch is on the
 * server, or 'Erro ao enviar arquivos: …' when the server refuses one.
 */
import { useEffect, useRef, useState } from 'react';
import { keysWithDeviceFiles } from '../../../sync/engine/files';
import { readUploadProgress, type UploadProgress } from '../../../sync/engine/files-progress';
import { useSyncDatabase } from '../../../sync/react/context';
import type { RecordProblem } from '../../../sync/react/use-outbox-problems';
import { useLive } from '../../../sync/react/use-live';
import type { LocalCustomerFile } from '../../../sync/store/registry/customer-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { FILE_TEXTS } from './customer-texts';

const NO_PROGRESS: ReadonlyMap<string, UploadProgress> = new Map();
const NO_KEYS: ReadonlySet<string> = new Set();

export function useUploadProgress(): ReadonlyMap<string, UploadProgress> {
  const db = useSyncDatabase();
  const state = useLive(() => readUploadProgress(db), [db.name]);
  if (state.loading) return state.previous ?? NO_PROGRESS;
  return state.data;
}

/** Local keys of the given files whose bytes are on this device (live). */
export function useFilesOnDevice(keys: readonly string[]): ReadonlySet<string> {
  const db = useSyncDatabase();
  const state = useLive(() => keysWithDeviceFiles(db, 'customer_files', keys), [db.name, [...keys].sort()]);
  if (state.loading) return state.previous ?? NO_KEYS;
  return state.data;
}

/**
 * Batches of files attached while online to a customer on the server: each
 * batch is announced once, when all of its files have a server id (sent) or
 * when one is refused.
 */
export function useUploadAnnouncements(lines: readonly LocalCustomerFile[], problems: ReadonlyMap<string, RecordProblem>) {
  const [batches, setBatches] = useState<string[][]>([]);
  const announced = useRef(new Set<string[]>());

  useEffect(() => {
    if (batches.length === 0) return;
    const byKey = new Map(lines.map((line) => [line.key, line]));
    const done: string[][] = [];
    for (const batch of batches) {
      if (announced.current.has(batch)) continue;
      const alive = batch.filter((key) => byKey.has(key));
      const refused = alive.map((key) => problems.get(key)).find((problem) => problem?.status === 'failed');
      if (refused) {
        alertDanger(FILE_TEXTS.uploadFailed(refused.message));
      } else if (alive.length === 0 || !alive.every((key) => byKey.get(key)!.id !== null)) {
        continue;
      } else {
        alertSuccess(FILE_TEXTS.uploaded(alive.length));
      }
      announced.current.add(batch);
      done.push(batch);
    }
    if (done.length > 0) setBatches((current) => current.filter((batch) => !done.includes(batch)));
  }, [batches, lines, problems]);

  return { watch: (keys: string[]) => setBatches((current) => [...current, keys]) };
}
