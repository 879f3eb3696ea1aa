/**
 * Keeps references between local records right: the server id a create got
 * goes into every record and pending change pointing at the local key, and a
 * record that is gone for good (its delete pushed, deleted on the server,
 * or a never-pushed record discarded) takes its referrers with it or clears
 * their reference, as the server does (`onDelete` in the registry).
 *
 * All functions run inside the caller's Dexie transaction over every table.
 */
import type { StoreScope } from '../store/database';
import { withIndexes } from '../store/local-record';
import type { Referrer } from '../store/registry/registry';
import type { OutboxEntry, StoredRecord } from '../store/types';
import { SyncError, SYNC_MESSAGES } from './errors';
import { removeOwnedFiles } from './files-store';

/** The rows that point at a record through each reference, by `referrerRowsKey`, as `assignServerId` left them. */
export type ReferrerRows = Map<string, StoredRecord[]>;
export const referrerRowsKey = (resourceName: string, keyField: string) => `${resourceName}\u0000${keyField}`;

/**
 * Writes the new server id next to every reference to `key`, in records and
 * in the pending payloads of those records, and returns the referring rows
 * it read (a create's answer hands its lines to `replaceChildren` from there
 * instead of reading them again). A push applies this for every create,
 * usually with nothing pointing at the record, and each request to the
 * store counts: one read per reference, and writes only when rows point at
 * the record. (The id in a payload is informative: a send resolves every
 * reference from its target's row, by key.)
 */
export async function assignServerId(db: StoreScope, resourceName: string, key: string, id: number): Promise<ReferrerRows> {
  const referrers = db.registry.referrersOf(resourceName);
  const rows: ReferrerRows = new Map();
  if (referrers.length === 0) return rows;
  const byResource = new Map<string, Referrer[]>();
  for (const referrer of referrers) {
    byResource.set(referrer.resource.name, [...(byResource.get(referrer.resource.name) ?? []), referrer]);
  }
  // Resources at once, a resource's references one after the other (two references from one resource
  // can touch the same rows).
  await Promise.all(
    [...byResource.values()].map(async (sameResource) => {
      for (const { resource, reference } of sameResource) {
        const table = db.records(resource.name);
        const found = await table.where(reference.keyField).equals(key).toArray();
        const updated = found.map((record) => ({ ...record, [reference.field]: id }));
        rows.set(referrerRowsKey(resource.name, reference.keyField), updated);
        if (updated.length === 0) continue;
        await Promise.all([
          table.bulkPut(updated),
          db.outbox
            .where('key')
            .anyOf(updated.map((record) => record.key))
            .modify((entry: OutboxEntry) => {
              if (entry.resource === resource.name && entry.payload && entry.payload[reference.keyField] === key) entry.payload[reference.field] = id;
            }),
        ]);
      }
    }),
  );
  return rows;
}

/**
 * Refuses a delete while records point at the record through a `restrict`
 * reference: live ones, and tombstones whose own delete is not sent yet (the
 * server still has them, and the two deletes travel in separate chains, so
 * this one could arrive first and be refused there).
 */
export async function assertNotReferenced(db: StoreScope, resourceName: string, key: string): Promise<void> {
  for (const { resource, reference } of db.registry.referrersOf(resourceName)) {
    if (reference.onDelete !== 'restrict') continue;
    const referrers = await db.records(resource.name).where(reference.keyField).equals(key).count();
    if (referrers > 0) throw SyncError.of('validation', reference.inUseMessage ?? SYNC_MESSAGES.inUse);
  }
}

/**
 * Removes a record that is gone for good and applies its `onDelete` to the
 * records pointing at it. Entries of the record are dropped, except one being
 * sent right now: the row then stays as a tombstone until that send ends.
 */
export async function removeRecord(db: StoreScope, resourceName: string, key: string): Promise<void> {
  const resource = db.registry.get(resourceName);
  const table = db.records(resourceName);
  const record = await table.get(key);
  const entries = await db.outbox.where('key').equals(key).toArray();
  const inFlight = entries.filter((entry) => entry.status === 'in_flight');
  await db.outbox.bulkDelete(entries.filter((entry) => entry.status !== 'in_flight').map((entry) => entry.seq!));
  if (record) {
    if (inFlight.length > 0) await table.put(withIndexes(resource, { ...record, _deleted: 1 }));
    else {
      await table.delete(key);
      // Bytes kept on the device for it (customer files) go with it.
      if (resource.upload) await removeOwnedFiles(db, resourceName, key);
    }
  }
  await applyDeleteToReferrers(db, resourceName, key);
}

/**
 * Removes now the records that the server deletes along with `key`
 * (`cascade` references), with their unsent changes. Used when the user
 * deletes a record: the lines go from the screens at once, and no change of
 * theirs is sent ahead of the delete (it could only fail).
 */
export async function removeCascadeReferrers(db: StoreScope, resourceName: string, key: string): Promise<void> {
  for (const { resource, reference } of db.registry.referrersOf(resourceName)) {
    if (reference.onDelete !== 'cascade') continue;
    const referrers = await db.records(resource.name).where(reference.keyField).equals(key).toArray();
    for (const referrer of referrers) await removeRecord(db, resource.name, referrer.key);
  }
}

/** `onDelete` of every reference to `key`: cascade removes the referrer, set-null (and restrict, after the fact) clears the reference. */
export async function applyDeleteToReferrers(db: StoreScope, resourceName: string, key: string): Promise<void> {
  for (const { resource, reference } of db.registry.referrersOf(resourceName)) {
    const referrers = await db.records(resource.name).where(reference.keyField).equals(key).toArray();
    for (const referrer of referrers) {
      if (reference.onDelete === 'cascade') {
        await removeRecord(db, resource.name, referrer.key);
        continue;
      }
      const cleared: StoredRecord = { ...referrer, [reference.field]: null, [reference.keyField]: null };
      if (referrer._base) cleared._base = { ...referrer._base, [reference.field]: null, [reference.keyField]: null };
      await db.records(resource.name).put(withIndexes(resource, cleared));
      await db.outbox
        .where('key')
        .equals(referrer.key)
        .modify((entry: OutboxEntry) => {
          if (entry.payload && entry.payload[reference.keyField] === key) {
            entry.payload[reference.field] = null;
            entry.payload[reference.keyField] = null;
          }
        });
    }
  }
}
