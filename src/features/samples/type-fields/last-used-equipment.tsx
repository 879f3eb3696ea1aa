/**
 * Reads, once, the instrument and calibrator the technician used last in a
 * sample of the same type (the rule: src/entities/equipment/recent-instruments.ts),
 * for the field memory's pickers to offer first.
 *
 * Once per opening of the tab, not per keystroke: `LastUsedReader` is
 * rendered until it has handed the answer over, then taken away, so the
 * samples (every one on the device, read through the local store's live
 * hooks) are not read again while the technician types, nor when a pull or
 * a save changes them, and the options do not move under their finger.

 */
import { useEffect } from 'react';
import { useSyncDatabase } from '@sync/react/context';
import { useLive } from '@sync/react/use-live';
import { useLocalList } from '@sync/react/use-local-record';
import type { OutboxEntry } from '@sync/react';
import { NO_RECENT_EQUIPMENT, type RecentEquipment, recentEquipment } from '@/entities/equipment';

/** Local key → epoch ms of the latest save of each sample waiting in this user's outbox (saved here, not sent yet). */
function savedHereOf(entries: readonly OutboxEntry[]): Map<string, number> {
  const saved = new Map<string, number>();
  for (const entry of entries) {
    if (entry.op !== 'create' && entry.op !== 'update') continue;
    saved.set(entry.key, Math.max(entry.changed_at, saved.get(entry.key) ?? Number.NEGATIVE_INFINITY));
  }
  return saved;
}

/** The samples' saves in the outbox: one indexed read (as usePendingCommands does). */
function useSamplesSavedHere(): ReadonlyMap<string, number> | undefined {
  const db = useSyncDatabase();
  const state = useLive(async () => savedHereOf(await db.outbox.where('resource').equals('samples').toArray()), [db.name]);
  return state.loading ? undefined : state.data;
}

/** Renders nothing; hands the equipment used last over once the samples and the outbox are read. */
export function LastUsedReader({ typeId, onRead }: { typeId: number | undefined; onRead: (recent: RecentEquipment) => void }) {
  const samples = useLocalList('samples');
  const savedHere = useSamplesSavedHere();
  useEffect(() => {
    if (samples.loading || savedHere === undefined) return;
    onRead(typeId === undefined ? NO_RECENT_EQUIPMENT : recentEquipment(samples.rows, typeId, savedHere));
  }, [samples, savedHere, typeId, onRead]);
  return null;
}
