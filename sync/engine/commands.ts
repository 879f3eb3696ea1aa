/**
 * Commands in the outbox: calls on one record that are not a plain write of
 * it (a quotation's status change, a duplicate, later an e-mail), declared
 * per resource (`commands` in the registry).
 *
 * - Queued locally (works offline), as an entry of the record's own chain:
 *   it is sent once, after the record's earlier changes (a record created
 *   offline is created first, so the path has its server id), and changes
 *   saved after it are sent after it. It is never merged into.
 * - Sent with its own Idempotency-Key, kept across retries: a retry after a
 *   lost answer gets the server's stored answer, so the status changes once,
 *   one copy is made, an e-mail goes once.
 * - Its answer is the record's new server version (`record`), a new record
 *   the server made (`created`, applied as pulled), or nothing (`none`); the
 *   resources it names in `pulls` are pulled after it (every sync run pulls
 *   after pushing, so they arrive in the same run, or the next one if that
 *   pull fails).
 * - A command that cannot work offline (`online: true`) is refused at once
 *   with a Portuguese message when there is no connection, instead of being
 *   queued.
 * - Refused by the server (4xx): the entry fails with the server's message
 *   and blocks the chain until the user retries (new key) or discards it;
 *   a discard cancels only the command and puts back what it changed on the
 *   device (`effect`).
 * - A `versioned` command goes with `If-Match` (the record's version, or the
 *   one it was settled against: `entry.version`); a 409 with the server's
 *   record is settled or shown as a conflict (push-conflict.ts), and the
 *   user's answer to it is `resolveConflict` (entry-actions.ts).
 */
import type { StoreScope, SyncDatabase } from '../store/database';
import { isLive, withIndexes } from '../store/local-record';
import { newKey } from '../store/keys';
import { bumpCounter, META } from '../store/meta';
import type { CommandDefinition, ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, RecordFields, StoredRecord } from '../store/types';
import { IDEMPOTENCY_HEADER, IF_MATCH_HEADER } from '../contract/sync';
import { applyServerRecords, keysWithEntries } from './apply-server';
import { SyncError, SYNC_MESSAGES } from './errors';
import { fieldMessages, firstMessage } from './validation-messages';
import { newEntry } from './outbox-plan';
import { acceptAnswer, type Prepared } from './push-apply';
import { fillPath } from './wire';

export const COMMAND_MESSAGES = {
  needsConnection: 'Esta ação precisa de conexão com a internet. Conecte-se e tente novamente.',
} as const;

export interface CommandOptions {
  now?: () => number;
  /** Whether the device is online now; only asked for commands declared `online`. Default: navigator.onLine. */
  isOnline?: () => boolean;
}

function commandOf(resource: ResourceDefinition, name: string): CommandDefinition {
  const command = resource.commands[name];
  if (!command) throw new Error(`Unknown command ${name} of ${resource.name}`);
  return command;
}

/**
 * Queues command `name` of the record `key`: validates the body with the
 * command's schema (SyncError 'validation' with per-field messages), then
 * appends the entry and applies the command's local effect in one
 * transaction. Returns the entry's seq.
 */
export async function runCommand(
  db: SyncDatabase,
  resourceName: string,
  key: string,
  name: string,
  body: RecordFields = {},
  options: CommandOptions = {},
): Promise<number> {
  const resource = db.registry.get(resourceName);
  const command = commandOf(resource, name);
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  if (command.online && !isOnline()) throw SyncError.of('network', COMMAND_MESSAGES.needsConnection);
  let payload = body;
  if (command.input) {
    const parsed = command.input.safeParse(body);
    if (!parsed.success) {
      throw SyncError.of('validation', firstMessage(parsed.error), { fields: fieldMessages(parsed.error) });
    }
    payload = parsed.data as RecordFields;
  }
  const now = (options.now ?? Date.now)();
  return db.write(async (store) => {
    const table = store.records(resourceName);
    const record = await table.get(key);
    if (!isLive(record)) throw SyncError.of('not-found', SYNC_MESSAGES.recordMissing);
    const entry: OutboxEntry = {
      ...newEntry('command', payload, { resource: resourceName, key, serverId: record.id, now, newIdempotencyKey: newKey }),
      command: {
        name,
        label: command.label,
        method: command.method,
        path: command.path,
        answer: command.answer,
        pulls: [...(command.pulls ?? [])],
      },
    };
    const seq = await store.outbox.add(entry);
    if (command.effect) await table.put(withIndexes(resource, { ...record, ...command.effect(payload) }));
    await bumpCounter(store, META.localChange);
    return seq;
  });
}

/**
 * The request of a command entry at the head of its chain, marked in flight;
 * 'waiting' while the record has no server id (its create has not been
 * answered yet).
 */
export async function prepareCommand(
  db: StoreScope,
  entry: OutboxEntry,
  record: StoredRecord,
  resource: ResourceDefinition,
): Promise<Prepared | 'waiting'> {
  const command = entry.command!;
  const parentId = resource.parent ? ((record[resource.parent.field] as number | null) ?? null) : undefined;
  if (record.id === null || parentId === null) return 'waiting';
  if (resource.commands[command.name]?.afterChildren && (await childChangesBefore(db, resource, record, entry.seq!))) return 'waiting';
  const path = fillPath(command.path, { id: record.id, ...(parentId !== undefined ? { parentId } : {}) });
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: entry.idempotency_key };
  const version = entry.version ?? record.updated_at;
  if (resource.commands[command.name]?.versioned && version) headers[IF_MATCH_HEADER] = version;
  const request = { method: command.method, path, body: entry.payload ?? {}, headers };
  const inFlight: OutboxEntry = { ...entry, status: 'in_flight', attempts: entry.attempts + 1 };
  await db.outbox.put(inFlight);
  const parent = resource.parent ? { key: record[resource.parent.keyField] as string, id: parentId ?? null } : undefined;
  return { seq: entry.seq!, entry: inFlight, before: entry, resource, request, body: undefined, parent };
}

/** Whether a line (child) of `record` still has a change queued before `seq`. */
async function childChangesBefore(db: StoreScope, resource: ResourceDefinition, record: StoredRecord, seq: number): Promise<boolean> {
  for (const childName of resource.children ?? []) {
    const child = db.registry.get(childName);
    const lines = await db.records(childName).where(child.parent!.keyField).equals(record.key).primaryKeys();
    if (lines.length === 0) continue;
    const earlier = await db.outbox
      .where('key')
      .anyOf(lines as string[])
      .filter((other) => (other.seq ?? 0) < seq)
      .count();
    if (earlier > 0) return true;
  }
  return false;
}

/**
 * Applies a command's 2xx answer and removes its entry. False when the
 * answer is not what the command declares (the entry is then retried with
 * the same key, and the server replays its answer).
 */
export async function applyCommandAnswer(
  db: StoreScope,
  prepared: Prepared,
  entry: OutboxEntry,
  record: StoredRecord,
  body: unknown,
): Promise<boolean> {
  const { resource } = prepared;
  const answer = entry.command?.answer ?? 'none';
  if (answer === 'none') {
    await db.outbox.delete(prepared.seq);
    return true;
  }
  const parsed = resource.schema.safeParse(body);
  if (!parsed.success) return false;
  const wire = parsed.data as RecordFields;
  if (answer === 'record') {
    if (wire.id !== record.id) return false;
    await acceptAnswer(db, prepared, entry, record, wire);
    return true;
  }
  await db.outbox.delete(prepared.seq);
  await applyServerRecords(db, resource, [wire], await keysWithEntries(db));
  return true;
}

/** The fields a command changes on the device (its `effect`), with the values it gives them. */
export function commandEffect(resource: ResourceDefinition, entry: OutboxEntry): RecordFields {
  const effect = resource.commands[entry.command?.name ?? '']?.effect;
  return effect ? effect(entry.payload ?? {}) : {};
}

/** What discarding a command loses, for the confirmation. */
export function describeCommandDiscard(entry: OutboxEntry, quoted: string): string {
  return `A ação "${entry.command?.label ?? ''}" em ${quoted} será cancelada e não será enviada ao servidor.`;
}

/**
 * Discards one command entry (the record's other changes stay) and puts the
 * fields its effect changed back to the server's version (the newest a pull
 * saw), unless the record never reached the server (then to what it was).
 */
export async function discardCommand(db: StoreScope, entry: OutboxEntry): Promise<void> {
  await db.outbox.delete(entry.seq!);
  const resource = db.registry.get(entry.resource);
  const effect = resource.commands[entry.command?.name ?? '']?.effect;
  const table = db.records(resource.name);
  const record = await table.get(entry.key);
  if (!effect || !record) return;
  const remote = record._remote && !record._remote.deleted ? record._remote.fields : null;
  const server = remote ?? record._base;
  if (!server) return;
  const reverted: StoredRecord = { ...record };
  for (const field of Object.keys(effect(entry.payload ?? {}))) reverted[field] = server[field] ?? null;
  await table.put(withIndexes(resource, reverted));
}
