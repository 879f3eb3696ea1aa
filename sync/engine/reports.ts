/**
 * What the sync page shows about each outbox entry, in the user's words:
 * which record, which change, its state and error, for a conflict the two
 * versions field by field, and before a discard what will be lost.
 */
import type { StoreScope } from '../store/database';
import { isLive, sameValue } from '../store/local-record';
import type { ResourceDefinition } from '../store/registry/resource';
import type { OutboxEntry, OutboxOperation, OutboxStatus, RecordFields, StoredRecord, SyncErrorInfo } from '../store/types';
import { commandEffect } from './commands';
import { readConflictSides } from './conflict-merge';
import { threeWayMerge } from './merge';
import { labelledRow, labelOfPath } from './path-labels';
import { resolveReferences } from './wire';

export const OPERATION_LABELS: Record<OutboxOperation, string> = {
  create: 'Inclusão',
  update: 'Alteração',
  delete: 'Exclusão',
  command: 'Ação',
};

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Aguardando envio',
  in_flight: 'Enviando',
  failed: 'Falhou',
  conflict: 'Conflito',
};

export interface FieldDifference {
  /**
   * What is asked, as a path key (`pathKey`: a field's name, or
   * 'caracterization/register' for a leaf inside it); a choice is keyed by it.
   */
  field: string;
  /** The steps from the record's field to the leaf (or the row); one step for a whole field. */
  path: readonly string[];
  /** For a person: 'Preço', 'Caracterização — Matrícula', 'Agentes — linha 2 — Quantidade'. */
  label: string;
  /** Value on this device, as shown to the user (references by the target's name; a row with its fields under their labels). */
  mine: unknown;
  /** Value on the server. */
  theirs: unknown;
  /** A row one side removed (and the other edited): which side has no row. */
  absent?: 'mine' | 'theirs';
}

export interface PendingChange {
  seq: number;
  resource: string;
  resourceLabel: string;
  key: string;
  title: string;
  op: OutboxOperation;
  opLabel: string;
  status: OutboxStatus;
  statusLabel: string;
  error: SyncErrorInfo | null;
  attempts: number;
  /** Epoch ms of the next try, when waiting after a failure. */
  nextAttemptAt: number | null;
  changedAt: number;
  /** A record this change waits for (created offline and not sent yet). */
  waitingFor: { resourceLabel: string; title: string } | null;
  /** On a conflict: the fields that differ between my version and the server's. */
  conflict: FieldDifference[] | null;
}

export async function readPendingChanges(db: StoreScope): Promise<PendingChange[]> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const changes: PendingChange[] = [];
  for (const entry of entries) {
    const resource = db.registry.get(entry.resource);
    const record = await db.records(resource.name).get(entry.key);
    // A command's payload is its body, not the record's fields.
    const shown: RecordFields = { ...(record ?? {}), ...(entry.op === 'command' ? {} : (entry.payload ?? {})) };
    let waitingFor: PendingChange['waitingFor'] = null;
    if (entry.status === 'pending' && entry.op !== 'delete') {
      const references = await resolveReferences(db, resource, shown);
      if (!references.ready) {
        const target = await db.records(references.waitingFor.resource).get(references.waitingFor.key);
        const targetResource = db.registry.get(references.waitingFor.resource);
        waitingFor = { resourceLabel: targetResource.label, title: target ? targetResource.title(target) : '' };
      }
    }
    changes.push({
      seq: entry.seq!,
      resource: resource.name,
      resourceLabel: resource.label,
      key: entry.key,
      title: resource.title(shown),
      op: entry.op,
      opLabel: entry.command?.label ?? OPERATION_LABELS[entry.op],
      status: entry.status,
      statusLabel: STATUS_LABELS[entry.status],
      error: entry.error,
      attempts: entry.attempts,
      nextAttemptAt: entry.status === 'pending' && entry.next_attempt_at > 0 ? entry.next_attempt_at : null,
      changedAt: entry.changed_at,
      waitingFor,
      conflict: entry.conflict && record ? await conflictFields(db, resource, entry, record) : null,
    });
  }
  return changes;
}

/**
 * What the user must decide. An update: one question per leaf changed on
 * both sides to different values (the rest merges alone, at any depth), with
 * its label, my value and the server's; when none is left (the server kept
 * answering 409), the leaves that differ. A delete: every field, with the
 * server's values. A command: the fields it changes (a status), mine as the
 * device shows them.
 */
async function conflictFields(db: StoreScope, resource: ResourceDefinition, entry: OutboxEntry, record: StoredRecord): Promise<FieldDifference[]> {
  const sides = await readConflictSides(db, resource, entry, record, entry.conflict!.current);
  if (entry.op === 'delete') return describeFields(db, resource, record, sides.theirs, Object.keys(resource.fieldLabels));
  if (entry.op === 'command') return describeFields(db, resource, record, sides.theirs, Object.keys(commandEffect(resource, entry)));
  const { mine, theirs, result, units } = sides;
  const conflicts = result.conflicts.length > 0 ? result.conflicts : threeWayMerge(null, mine, theirs, units).conflicts;
  if (conflicts.length === 0) return describeFields(db, resource, mine, theirs, differingFields(resource, mine, theirs));
  const differences: FieldDifference[] = [];
  for (const conflict of conflicts) {
    if (conflict.path.length === 1) {
      differences.push(...(await describeFields(db, resource, mine, theirs, [conflict.path[0]!])));
      continue;
    }
    // A row I removed is named by its place on the server's side.
    const records = conflict.mine === undefined ? [theirs, mine] : [mine, theirs];
    const shown = (value: unknown) => (value === undefined ? null : labelledRow(resource, conflict.path, value, ...records));
    differences.push({
      field: conflict.key,
      path: conflict.path,
      label: labelOfPath(resource, conflict.path, ...records),
      mine: shown(conflict.mine),
      theirs: shown(conflict.theirs),
      ...(conflict.mine === undefined ? { absent: 'mine' as const } : conflict.theirs === undefined ? { absent: 'theirs' as const } : {}),
    });
  }
  return differences;
}

/** Labelled fields whose values differ (references compared by local key, else by server id). */
export function differingFields(resource: ResourceDefinition, a: RecordFields, b: RecordFields): string[] {
  const references = new Map(resource.references.map((reference) => [reference.field, reference]));
  return Object.keys(resource.fieldLabels).filter((field) => {
    const reference = references.get(field);
    if (reference && (a[reference.keyField] || b[reference.keyField])) {
      return !sameValue(a[reference.keyField], b[reference.keyField]);
    }
    return !sameValue(a[field], b[field]);
  });
}

/** The values of `fields` on both sides, references shown by the target's name. */
export async function describeFields(
  db: StoreScope,
  resource: ResourceDefinition,
  mine: RecordFields,
  theirs: RecordFields,
  fields: readonly string[],
): Promise<FieldDifference[]> {
  const references = new Map(resource.references.map((reference) => [reference.field, reference]));
  const shown = async (side: RecordFields, field: string): Promise<unknown> => {
    const reference = references.get(field);
    if (!reference) return side[field] ?? null;
    const target = db.registry.get(reference.resource);
    const key = side[reference.keyField];
    const id = side[reference.field];
    let record: StoredRecord | undefined;
    if (typeof key === 'string') record = await db.records(target.name).get(key);
    else if (typeof id === 'number') record = await db.records(target.name).where('id').equals(id).first();
    return isLive(record) ? target.title(record) : (id ?? null);
  };
  const differences: FieldDifference[] = [];
  for (const field of fields) {
    differences.push({
      field,
      path: [field],
      label: resource.fieldLabels[field] ?? field,
      mine: await shown(mine, field),
      theirs: await shown(theirs, field),
    });
  }
  return differences;
}
