/**
 * The instrument and the calibrator the signed-in technician used last
 * (issue 21), offered first in the pickers of a sample's field memory: read
 * from the samples on the device of the same type, the most recent use
 * first. Only the order of the options changes; nothing is filled in (a
 * wrong instrument copied silently would be worse than one more click).
 *
 * Who saved a sample: neither the wire record nor the local one says (no
 * user field), and the samples on the device are the whole consultancy's.
 * What the device does know is that each signed-in user has a database of
 * their own (src/app/sync/user-database.ts), so a sample with a change
 * waiting in the outbox was saved by this user, on this device. So:
 * 1. samples saved here and not sent yet come first, the last saved first
 *    (the outbox's time of the change);
 * 2. then every other sample of the type by its server `updated_at`, the
 *    newest first: after a sync the user's own saves are among the newest,
 *    though a colleague's later save may come before them (the best the
 *    device can tell);
 * ties keep the order of the list given (the store's, newest created first).
 *
 * The equipment is named as the sample keeps it, by name and serial number
 * (two dosimeters of one model differ only by it).
 */
import type { SampleBlock } from '@sync/contract/samples';

export interface UsedEquipment {
  name: string;
  serie: string;
}

export interface RecentEquipment {
  /** The instruments used, the most recent first, each once. */
  instrument: UsedEquipment[];
  /** The calibrators used, the most recent first, each once. */
  gauge: UsedEquipment[];
}

/** What the order reads of a sample (a LocalSample fits). */
export interface SampleUse {
  key: string;
  type_id: number | null;
  updated_at: string | null;
  memory_field: SampleBlock | null;
}

export const NO_RECENT_EQUIPMENT: RecentEquipment = { instrument: [], gauge: [] };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function serverTime(sample: SampleUse): number {
  const ms = sample.updated_at ? Date.parse(sample.updated_at) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * The equipment used in the samples of type `typeId`, the most recent use
 * first (the rule above). `savedHere`: local key → epoch ms of the sample's
 * latest change waiting in this user's outbox.
 */
export function recentEquipment(samples: readonly SampleUse[], typeId: number, savedHere: ReadonlyMap<string, number>): RecentEquipment {
  const ordered = samples
    .filter((sample) => sample.type_id === typeId)
    .map((sample) => ({ sample, here: savedHere.get(sample.key), server: serverTime(sample) }))
    .sort((a, b) => {
      if (a.here !== undefined || b.here !== undefined) return (b.here ?? Number.NEGATIVE_INFINITY) - (a.here ?? Number.NEGATIVE_INFINITY);
      return a.server === b.server ? 0 : b.server > a.server ? 1 : -1;
    });
  const used = (prefix: 'instrument' | 'gauge'): UsedEquipment[] => {
    const seen = new Set<string>();
    const list: UsedEquipment[] = [];
    for (const { sample } of ordered) {
      const memory = sample.memory_field ?? {};
      const name = text(memory[prefix]);
      if (name.trim() === '') continue;
      const serie = text(memory[`${prefix}_serie`]);
      const id = `${name}\u0000${serie}`;
      if (seen.has(id)) continue;
      seen.add(id);
      list.push({ name, serie });
    }
    return list;
  };
  return { instrument: used('instrument'), gauge: used('gauge') };
}
