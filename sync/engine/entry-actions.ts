/**
 * What the user can do with an outbox entry from the sync page or the
 * record's screen: retry it, resolve its conflict (keep mine / take the
 * server's), or discard it after reading what will be lost. Only the user
 * ever discards a change (nothing is dropped silently).
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import { isLive, withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import { bumpCounter, META } from '../store/meta';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, StoredRecord } from '../store/types';
import { commandEffect, describeCommandDiscard, discardCommand } from './commands';
import { acceptServerVersion, keysWithEntries, replaceChildren, serverVersion } from './apply-server';
import { foldChain, readConflictSides, withDerivedFields } from './conflict-merge';
import { SyncError, SYNC_MESSAGES } from './errors';
import { removeRecord } from './references';
import { resolveMerge, sameUnits, type FieldChoice } from './merge';
import { describeFields, differingFields, type FieldDifference } from './reports';
import { lookupKeys } from './wire';

/**
 * Sends the entry again at the next run. A failed entry gets a new
 * idempotency key: the server refused it, so nothing of it was applied, and
 * the old key would only replay the refusal.
 */
export async function retryEntry(db: SyncDatabase, seq: number): Promise<void> {
  await db.write(async (store) => {
    const entry = await store.outbox.get(seq);
    if (!entry) return;
    if (entry.status === 'failed') {
      await store.outbox.put({ ...entry, status: 'pending', attempts: 0, next_attempt_at: 0, error: null, idempotency_key: newKey() });
    } else if (entry.status === 'pending') {
      await store.outbox.put({ ...entry, next_attempt_at: 0 });
    }
    await bumpCounter(store, META.syncRequest);
  });
}

/**
 * The user's answer to a conflict: 'mine' or 'theirs' for every leaf changed
 * on both sides (the page's 'Manter a minha' / 'Usar a do servidor'), or a
 * choice per such leaf, keyed by its path key (`pathKey`: the steps joined
 * by '/', e.g. `{ price: 'mine', 'caracterization/register': 'theirs' }`;
 * a key of an enclosing path answers every conflict inside it). Whatever
 * changed on one side only is merged either way (merge.ts).
 */
export type ConflictChoice = FieldChoice | Readonly<Record<string, FieldChoice>>;

/**
 * An update in conflict becomes the three-way merge with the user's choices:
 * when that equals the server's version, the server's version is taken and
 * the entry goes; otherwise the result is sent against the server's current
 * `updated_at` (If-Match), with the server's version as its new base. The
 * record's later unsent updates fold into it (the user chose on their
 * latest values).
 * A choice missing for a field changed on both sides is refused (nothing is
 * chosen for the user).
 *
 * A delete in conflict: mine sends the delete again against the server's
 * timestamp; theirs drops my changes to the record and takes the server's version.
 * A command in conflict: mine sends it again against the server's version;
 * theirs drops only the command (`resolveCommand`).
 */
export async function resolveConflict(db: SyncDatabase, seq: number, choice: ConflictChoice): Promise<void> {
  await db.write(async (store) => {
    const entry = await store.outbox.get(seq);
    if (entry?.status !== 'conflict' || !entry.conflict) return;
    const resource = store.registry.get(entry.resource);
    const table = store.records(resource.name);
    const record = await table.get(entry.key);
    if (!record) return;
    const current = entry.conflict.current;
    if (entry.op === 'update' && entry.payload) {
      await resolveUpdate(store, resource, entry, record, choice);
    } else if (typeof choice !== 'string') {
      throw SyncError.of('validation', SYNC_MESSAGES.chooseEveryField);
    } else if (entry.op === 'command') {
      await resolveCommand(store, resource, entry, record, choice);
    } else {
      const keyOf = await lookupKeys(store, resource, [current]);
      const version = serverVersion(resource, current, keyOf, parentOf(resource, record));
      if (choice === 'mine') {
        const rebased: StoredRecord = { ...record, updated_at: version.updated_at, _base: version.fields };
        delete rebased._remote;
        await table.put(rebased);
        await store.outbox.put(resent(entry));
      } else {
        const chain = await store.outbox.where('key').equals(entry.key).toArray();
        await store.outbox.bulkDelete(chain.filter((item) => item.status !== 'in_flight').map((item) => item.seq!));
        const taken = acceptServerVersion(resource, record, version, true);
        await table.put(taken);
        await replaceChildren(store, resource, taken, current, await keysWithEntries(store));
        if (entry.op === 'delete') await forgetCascadedLists(store, resource.name);
      }
    }
    await bumpCounter(store, META.syncRequest);
  });
}

async function resolveUpdate(
  store: StoreScope,
  resource: ResourceDefinition,
  entry: OutboxEntry,
  record: StoredRecord,
  choice: ConflictChoice,
): Promise<void> {
  const sides = await readConflictSides(store, resource, entry, record, entry.conflict!.current);
  const { mine, theirs, version, units, result } = sides;
  const choices = typeof choice === 'string' ? Object.fromEntries(result.conflicts.map((conflict) => [conflict.key, choice])) : choice;
  const chosen = resolveMerge(result, mine, theirs, units, choices);
  if (!chosen) throw SyncError.of('validation', SYNC_MESSAGES.chooseEveryField);
  const resolved = withDerivedFields(resource, chosen, mine);
  const folded = await foldChain(store, sides, record, resolved);
  const table = store.records(resource.name);
  if (sameUnits(resolved, theirs, units)) {
    // Nothing of mine is left to send: the server's version is the record's (a delete queued after it stays).
    await store.outbox.delete(entry.seq!);
    const later = await store.outbox.where('key').equals(entry.key).count();
    const taken = acceptServerVersion(resource, folded.record, version, later === 0);
    await table.put(taken);
    if (later === 0) await replaceChildren(store, resource, taken, entry.conflict!.current, await keysWithEntries(store));
    return;
  }
  const rebased: StoredRecord = { ...folded.record, updated_at: version.updated_at, _base: version.fields };
  delete rebased._remote;
  await table.put(withIndexes(resource, rebased));
  await store.outbox.put({ ...resent(entry), payload: folded.payload });
}

/**
 * A versioned command in conflict (the status changed on the server too).
 * Mine: sent again against the server's current version (`entry.version`),
 * the record as it is. Theirs: only this command goes; the fields it changed
 * take the server's values, and with nothing else queued for the record it
 * takes the server's whole version. Changes queued after it stay (they meet
 * the server's version when sent, like any change).
 */
async function resolveCommand(
  store: StoreScope,
  resource: ResourceDefinition,
  entry: OutboxEntry,
  record: StoredRecord,
  choice: FieldChoice,
): Promise<void> {
  const current = entry.conflict!.current;
  if (choice === 'mine') {
    await store.outbox.put({ ...resent(entry), version: current.updated_at as string });
    return;
  }
  await store.outbox.delete(entry.seq!);
  const keyOf = await lookupKeys(store, resource, [current]);
  const version = serverVersion(resource, current, keyOf, parentOf(resource, record));
  const table = store.records(resource.name);
  if ((await store.outbox.where('key').equals(entry.key).count()) === 0) {
    const taken = acceptServerVersion(resource, record, version, true);
    await table.put(taken);
    await replaceChildren(store, resource, taken, current, await keysWithEntries(store));
    return;
  }
  const reverted: StoredRecord = { ...record };
  for (const field of Object.keys(commandEffect(resource, entry))) reverted[field] = version.fields[field] ?? null;
  await table.put(withIndexes(resource, reverted));
}

/** The entry sent again as a new request (new idempotency key), out of conflict. */
function resent(entry: OutboxEntry): OutboxEntry {
  return {
    ...entry,
    status: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    error: null,
    conflict: null,
    rebases: 0,
    idempotency_key: newKey(),
  };
}

export interface DiscardReport {
  seq: number;
  resourceLabel: string;
  title: string;
  /** create: a record never sent goes away; update: my changes go; delete: the record comes back; command: only that action is cancelled. */
  kind: 'create' | 'update' | 'delete' | 'command';
  /** For an update, each changed field with my value (lost) and the value it returns to. */
  fields: FieldDifference[];
  /** For a create: records created here that point at it and will lose the reference (or go with it). */
  dependents: number;
  /** The sentence for the confirmation dialog. */
  message: string;
}

/** What discarding the entry (and the rest of its record's unsent changes) would lose. Changes nothing. */
export async function previewDiscard(db: SyncDatabase, seq: number): Promise<DiscardReport> {
  return db.read((store) => describeDiscard(store, seq));
}

/**
 * Discards every unsent change of the entry's record: a record never sent is
 * removed (its lines go with it, references to it are cleared); a changed
 * record returns to the server's version (the newest one a pull saw); a
 * deleted record comes back. Refused while one of its changes is being sent.
 * Returns what was lost.
 */
export async function discardEntry(db: SyncDatabase, seq: number): Promise<DiscardReport> {
  return db.write(async (store) => {
    const report = await describeDiscard(store, seq);
    const entry = (await store.outbox.get(seq))!;
    if (entry.op === 'command') {
      await discardCommand(store, entry);
      await bumpCounter(store, META.localChange);
      return report;
    }
    const resource = store.registry.get(entry.resource);
    const table = store.records(resource.name);
    const record = await table.get(entry.key);
    const chain = await store.outbox.where('key').equals(entry.key).toArray();
    await store.outbox.bulkDelete(chain.map((item) => item.seq!));
    if (record) {
      if (record._remote?.deleted || record._base === null) {
        await removeRecord(store, resource.name, record.key);
      } else {
        const remote = record._remote && !record._remote.deleted ? record._remote : null;
        const reverted: StoredRecord = {
          ...record,
          ...(remote ? remote.fields : record._base),
          _base: remote ? remote.fields : record._base,
          updated_at: remote ? remote.updated_at : record.updated_at,
        };
        delete reverted._remote;
        delete reverted._deleted;
        await table.put(withIndexes(resource, reverted));
        if (report.kind === 'delete') await forgetCascadedLists(store, resource.name);
      }
    }
    await bumpCounter(store, META.localChange);
    return report;
  });
}

async function describeDiscard(db: StoreScope, seq: number): Promise<DiscardReport> {
  const entry = await db.outbox.get(seq);
  if (!entry) throw SyncError.of('not-found', SYNC_MESSAGES.recordMissing);
  const chain = await db.outbox.where('key').equals(entry.key).toArray();
  if (chain.some((item) => item.status === 'in_flight')) throw SyncError.of('server', SYNC_MESSAGES.inFlight);
  const resource = db.registry.get(entry.resource);
  const record = await db.records(resource.name).get(entry.key);
  const title = record ? resource.title(record) : '';
  const base = { seq, resourceLabel: resource.label, title, fields: [] as FieldDifference[], dependents: 0 };
  const quoted = `"${title}" (${resource.label})`;
  if (entry.op === 'command') return { ...base, kind: 'command', message: describeCommandDiscard(entry, quoted) };

  if (!record || record._base === null) {
    const dependents = record ? await countDependents(db, resource, record.key) : 0;
    const tail = dependents > 0 ? ` ${dependents} registro(s) ligado(s) a ele também perderá(ão) essa ligação ou será(ão) apagado(s).` : '';
    return {
      ...base,
      kind: 'create',
      dependents,
      message: `O novo registro ${quoted} será apagado deste dispositivo e não será enviado ao servidor.${tail}`,
    };
  }
  if (chain.some((item: OutboxEntry) => item.op === 'delete')) {
    return { ...base, kind: 'delete', message: `A exclusão de ${quoted} será cancelada e o registro voltará a aparecer.` };
  }
  const remote = record._remote && !record._remote.deleted ? record._remote.fields : null;
  const target = remote ?? record._base;
  const fields = await describeFields(db, resource, record, target, differingFields(resource, record, target));
  const list = fields.map((field) => field.label).join(', ');
  const message = record._remote?.deleted
    ? `As alterações em ${quoted} serão perdidas e o registro, que foi excluído no servidor, sairá deste dispositivo.`
    : `As alterações em ${quoted} serão perdidas${list ? ` (${list})` : ''} e o registro voltará à versão do servidor.`;
  return { ...base, kind: 'update', fields, message };
}

/**
 * A delete took the record's cascaded lines off this device at once
 * (references.ts); when the delete is undone, the lists that held them are
 * read again from scratch at the next pull, which brings the lines back.
 */
async function forgetCascadedLists(store: StoreScope, resourceName: string): Promise<void> {
  for (const { resource, reference } of store.registry.referrersOf(resourceName)) {
    if (reference.onDelete !== 'cascade') continue;
    await store.meta.delete(META.cursor(resource.parent?.resource ?? resource.name));
  }
}

async function countDependents(db: StoreScope, resource: ResourceDefinition, key: string): Promise<number> {
  let count = 0;
  for (const { resource: referrer, reference } of db.registry.referrersOf(resource.name)) {
    const records = await db.records(referrer.name).where(reference.keyField).equals(key).toArray();
    count += records.filter(isLive).length;
  }
  return count;
}

function parentOf(resource: ResourceDefinition, record: StoredRecord): { key: string; id: number | null } | undefined {
  if (!resource.parent) return undefined;
  return { key: record[resource.parent.keyField] as string, id: (record[resource.parent.field] as number | null) ?? null };
}
