/**
 * Changes the server refused or that conflict, per record, for the screens:
 * a list marks those rows (with a way to the sync page) and an edit page says
 * what went wrong. One indexed read of the outbox by status, live.
 */
import type { ResourceName } from '../store/registry/catalog-records';
import type { OutboxStatus } from '../store/types';
import { useSyncDatabase } from './context';
import { useLive } from './use-live';

export interface RecordProblem {
  status: Extract<OutboxStatus, 'failed' | 'conflict'>;
  /** The server's (or the engine's) message, in Portuguese. */
  message: string;
}

const EMPTY: ReadonlyMap<string, RecordProblem> = new Map();

/** Local key → problem, for the records of `resource` with a failed or conflicting change. */
export function useOutboxProblems(resource: ResourceName): ReadonlyMap<string, RecordProblem> {
  const db = useSyncDatabase();
  const state = useLive(async () => {
    const entries = await db.outbox.where('status').anyOf('failed', 'conflict').toArray();
    const problems = new Map<string, RecordProblem>();
    for (const entry of entries) {
      if (entry.resource !== resource) continue;
      // A conflict outranks a failure: it needs the user's choice.
      if (problems.get(entry.key)?.status === 'conflict') continue;
      problems.set(entry.key, {
        status: entry.status as RecordProblem['status'],
        message: entry.error?.message ?? '',
      });
    }
    return problems;
  }, [db.name, resource]);
  if (state.loading) return state.previous ?? EMPTY;
  return state.data;
}

/** The problem of one record, if any. */
export function useRecordProblem(resource: ResourceName, key: string | null | undefined): RecordProblem | undefined {
  const problems = useOutboxProblems(resource);
  return key ? problems.get(key) : undefined;
}
