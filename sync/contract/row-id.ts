/**
 * A row's stable id inside a document (a quotation's lines, a sample's tasks
 * and EPIs): made on the device when the row is added, or by the server for
 * a row saved before rows had ids. Merges and references match rows by it,
 * never by their position.
 */
import { z } from 'zod';

/** A new row id: random, 24 hex digits (works outside secure contexts, unlike randomUUID). */
export function newRowId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A row id as stored: '' until the row has one. */
export const rowIdText = () => z.string().max(40).default('');

/** A row's name in a merge path: its `row_id`, or `#<index>` when it has none (a row saved before rows had ids). */
export function rowStep(row: unknown, index: number): string {
  const id = typeof row === 'object' && row !== null ? (row as { row_id?: unknown }).row_id : undefined;
  return typeof id === 'string' && id !== '' ? id : `#${index}`;
}

/** The position of the row a path step names in `rows`, or -1. */
export function rowIndexOf(rows: readonly unknown[], step: string): number {
  return rows.findIndex((row, index) => rowStep(row, index) === step);
}
