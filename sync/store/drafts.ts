/**
 * Drafts: what a user typed on an edit page and has not saved yet, kept on
 * the device as it is typed (FIELD-UX item 1), so a reload, a crash or a
 * page the browser killed while the camera was open loses nothing. A draft
 * is not a change to sync: it never enters the outbox; Salvar turns it into
 * one (a save) and removes it. One row per record (`{resource}:{key}`), with
 * the screen's own state (the fields, the open tab) and the fields as stored
 * when the draft started (its base, for merging a newer stored version
 * under it).
 */
import type { Table } from 'dexie';
import { CONTRACT_VERSION } from '../contract/contract-version';
import type { SyncDatabase } from './database';

export interface DraftRow {
  /** `{resource}:{record key}`. */
  key: string;
  fields: Record<string, unknown>;
  /**
   * The fields as stored when the draft started (what `fields` was typed
   * over): a newer stored version is merged under the draft against it
   * (engine/draft-rebase.ts). Absent in drafts written before it existed:
   * the record as stored when the draft is read stands in for it.
   */
  base?: Record<string, unknown>;
  /** The tab open when it was written, restored with it. */
  tab: string | null;
  /** ISO time of the last write. */
  updated_at: string;
  /**
   * The contract version of the code that last wrote it (each write is the
   * whole draft, so it is stamped again); absent on drafts written before
   * versions were stamped (contract-stamp.ts).
   */
  contract_version?: number;
}

export const DRAFTS_TABLE = 'drafts';

export function draftKey(resource: string, recordKey: string): string {
  return `${resource}:${recordKey}`;
}

function drafts(db: SyncDatabase): Table<DraftRow, string> {
  return db.table(DRAFTS_TABLE);
}

export function readDraft(db: SyncDatabase, key: string): Promise<DraftRow | undefined> {
  return drafts(db).get(key);
}

export async function writeDraft(db: SyncDatabase, row: DraftRow): Promise<void> {
  await drafts(db).put({ ...row, contract_version: CONTRACT_VERSION });
}

export async function removeDraft(db: SyncDatabase, key: string): Promise<void> {
  await drafts(db).delete(key);
}
