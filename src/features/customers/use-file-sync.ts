/**
 * The announcements of a batch of attached files for the 'Anexos' tab:
 * '{n} arquivo(s) enviado(s) com sucesso' once every file of the batch is on
 * the server, or 'Erro ao enviar arquivos: …' when the server refuses one.
 * The files and their states come from `useRecordFiles` (sync/react).
 */
import { useEffect, useRef, useState } from 'react';
import type { RecordFile } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { FILE_TEXTS } from './customer-texts';

/**
 * Batches of files attached while online to a customer on the server: each
 * batch is announced once, when all of its files have a server id (sent) or
 * when one is refused.
 */
export function useUploadAnnouncements(files: readonly RecordFile<unknown>[]) {
  const [batches, setBatches] = useState<string[][]>([]);
  const announced = useRef(new Set<string[]>());

  useEffect(() => {
    if (batches.length === 0) return;
    const byKey = new Map(files.map((file) => [file.key, file]));
    const done: string[][] = [];
    for (const batch of batches) {
      if (announced.current.has(batch)) continue;
      const alive = batch.filter((key) => byKey.has(key));
      const refused = alive.map((key) => byKey.get(key)!.problem).find((problem) => problem?.status === 'failed');
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
  }, [batches, files]);

  return { watch: (keys: string[]) => setBatches((current) => [...current, keys]) };
}
