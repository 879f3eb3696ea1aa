/**
 * The write side for the screens, bound to the local store: save and delete
 * records (one local transaction each; the engine pushes them later), queue
 * commands on them (a quotation's status change, a duplicate), and the
 * sync page's actions on entries. All work offline. Errors are `SyncError`s
 * with a reason code and a Portuguese message (`validation` carries the
 * messages per field).
 */
import { useMemo } from 'react';
import { discardEntry, previewDiscard, resolveConflict, retryEntry, type ConflictChoice } from '../engine/entry-actions';
import { deleteRecord, requestSync, runCommand, saveRecord } from '../engine/mutations';
import type { ResourceInput, ResourceName } from '../store/registry/catalog-records';
import { useSyncDatabase } from './context';
// Several records in one local transaction (a customer and its addresses).
import { saveRecords, type RecordSave } from '../engine/mutations';

export function useSyncActions() {
  const db = useSyncDatabase();
  return useMemo(
    () => ({
      /** Creates (key null) or updates a record; resolves to its local key. */
      saveRecord: <R extends ResourceName>(resource: R, key: string | null, fields: ResourceInput<R>) =>
        saveRecord(db, resource, key, fields as Record<string, unknown>),
      /** Deletes a record; `cancelled` when it never reached the server. */
      deleteRecord: (resource: ResourceName, key: string) => deleteRecord(db, resource, key),
      /**
       * Queues a command on a record (`runCommand('quotations', key, 'status', { status: 'pending', markAsSent: true })`):
       * works offline and is sent once, after the record's earlier changes; a command declared `online`
       * throws a SyncError ('network', Portuguese message) when offline instead. Resolves to the entry's seq.
       */
      runCommand: (resource: ResourceName, key: string, command: string, body: Record<string, unknown> = {}) =>
        runCommand(db, resource, key, command, body),
      retryEntry: (seq: number) => retryEntry(db, seq),
      /** What a discard would lose, for the confirmation text. */
      previewDiscard: (seq: number) => previewDiscard(db, seq),
      discardEntry: (seq: number) => discardEntry(db, seq),
      resolveConflict: (seq: number, choice: ConflictChoice) => resolveConflict(db, seq, choice),
      /** Asks the engine tab to sync now. */
      syncNow: () => requestSync(db),
      /**
       * Saves several records in one local transaction (a customer and its
       * addresses): all or nothing; resolves to their local keys in order.
       * An item's `fields` may be a function of the keys before it, to point
       * at a record created in the same unit. A refused item throws
       * `UnitOfWorkError` (a SyncError with the item's index).
       */
      saveRecords: (saves: ReadonlyArray<RecordSave & { resource: ResourceName }>) => saveRecords(db, saves),
    }),
    [db],
  );
}
