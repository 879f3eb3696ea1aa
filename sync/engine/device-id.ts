/**
 * This device's id: a random UUID made the first time the local store needs
 * it and kept in the store's `meta`, so it stays the same across reloads and
 * sign-ins of the same user on this browser, and every request of the sync
 * client names it (DEVICE_HEADER). The server writes it into a sample's
 * history ('from which device'; issue 28). It identifies a store, not a
 * person: nothing about the device is read to make it.
 */
import type { SyncDatabase } from '../store/database';
import { newKey } from '../store/keys';
import { readMeta, writeMeta } from '../store/meta';

/** The `meta` row holding the id. */
export const DEVICE_ID_META = 'device_id';

/** The store's device id, made once: two tabs asking at once get the same one (one write transaction). */
export async function deviceIdOf(db: SyncDatabase): Promise<string> {
  const known = await readMeta<string>(db, DEVICE_ID_META);
  if (typeof known === 'string' && known !== '') return known;
  return db.write(async (store) => {
    const again = await readMeta<string>(store, DEVICE_ID_META);
    if (typeof again === 'string' && again !== '') return again;
    const made = newKey();
    await writeMeta(store, DEVICE_ID_META, made);
    return made;
  });
}
