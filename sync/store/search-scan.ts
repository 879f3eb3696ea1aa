/**
 * The local search's rows in memory and the scan over them. A resource's
 * live records are held newest first as their keys, their list order and
 * one text holding every record's words (`' word1 word2\n'` per record), so
 * a query word is found with one `indexOf` over the whole text instead of a
 * test per record, and a page is read without listing every match (issue 26:
 * p95 53–68 ms at 50,000 records with a test per record). The match rule is
 * `matchesAllWords` (search-index.ts): every query word starts a word of the
 * record; a record's words never hold a space or a line break, so `' ' +
 * word` cannot match across two words or two records.
 */
import type { ResourceDefinition } from './registry/resource';
import { recordWords } from './search-index';
import type { StoredRecord } from './types';

/** One record as the search holds it. */
export interface SearchEntry {
  key: string;
  /** The record's `_sort` (list order). */
  sort: string;
  /** ' word1 word2': each word preceded by a space. */
  text: string;
}

/** A resource's rows, newest first. */
export interface SearchRows {
  keys: readonly string[];
  sorts: readonly string[];
  /** Every row's text followed by '\n', in row order. */
  text: string;
  /** Where each row's text starts in `text`; `starts[count]` is `text.length`. */
  starts: Int32Array;
}

/** The search entry of a record, or null when it has none (a tombstone, or not in the list order). */
export function entryOf(resource: ResourceDefinition, record: StoredRecord): SearchEntry | null {
  if (record._deleted || typeof record._sort !== 'string') return null;
  return { key: record.key, sort: record._sort, text: ` ${recordWords(record, resource.searchable).join(' ')}` };
}

/** Newest first: `_sort` descending. */
export function compareEntries(a: { sort: string }, b: { sort: string }): number {
  return a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0;
}

/** The rows of entries already in list order (newest first). */
export function rowsOf(keys: readonly string[], sorts: readonly string[], texts: readonly string[]): SearchRows {
  return withStarts(keys, sorts, texts.length === 0 ? '' : `${texts.join('\n')}\n`);
}

/** The rows from their stored form (search-log.ts), finding where each row starts. */
export function withStarts(keys: readonly string[], sorts: readonly string[], text: string): SearchRows {
  const starts = new Int32Array(keys.length + 1);
  let at = 0;
  for (let row = 0; row < keys.length; row += 1) {
    starts[row] = at;
    at = text.indexOf('\n', at) + 1;
  }
  starts[keys.length] = text.length;
  return { keys, sorts, text, starts };
}

/** The row text (with its leading space, without the '\n'). */
function rowText(rows: SearchRows, row: number): string {
  return rows.text.slice(rows.starts[row], rows.starts[row + 1]! - 1);
}

/**
 * `rows` with the changes applied: `changes` maps a key to its new entry,
 * or to null when the record left the list (deleted). One pass over the
 * rows, merged with the changed entries in list order.
 */
export function applyChanges(rows: SearchRows, changes: ReadonlyMap<string, SearchEntry | null>): SearchRows {
  if (changes.size === 0) return rows;
  const added = [...changes.values()].filter((entry): entry is SearchEntry => entry !== null).sort(compareEntries);
  const keys: string[] = [];
  const sorts: string[] = [];
  const texts: string[] = [];
  let next = 0;
  const take = (entry: SearchEntry) => {
    keys.push(entry.key);
    sorts.push(entry.sort);
    texts.push(entry.text);
  };
  for (let row = 0; row < rows.keys.length; row += 1) {
    const key = rows.keys[row]!;
    if (changes.has(key)) continue;
    const sort = rows.sorts[row]!;
    while (next < added.length && compareEntries(added[next]!, { sort }) < 0) take(added[next++]!);
    take({ key, sort, text: rowText(rows, row) });
  }
  while (next < added.length) take(added[next++]!);
  return rowsOf(keys, sorts, texts);
}

/** Where `row` is: the last row starting at or before `at`. */
function rowAt(rows: SearchRows, at: number, from: number): number {
  let low = from;
  let high = rows.keys.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (rows.starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

export interface ScanResult {
  /** How many rows match. */
  total: number;
  /** The keys of the matching rows from `skip`, at most `take` (every match when `take` is Infinity), in list order. */
  keys: string[];
}

/**
 * The rows where every query word starts a word, in list order. The first
 * query word is looked for through the whole text; a row it is found in is
 * then checked for the others.
 */
export function scanRows(rows: SearchRows, queryWords: readonly string[], skip = 0, take = Number.POSITIVE_INFINITY): ScanResult {
  const keys: string[] = [];
  if (queryWords.length === 0 || rows.keys.length === 0) return { total: 0, keys };
  // The longest word is usually the rarest: fewer rows to check for the others.
  const needles = queryWords.map((word) => ` ${word}`).sort((a, b) => b.length - a.length);
  const [first, ...others] = needles as [string, ...string[]];
  const { text, starts } = rows;
  let total = 0;
  let from = 0;
  let row = 0;
  for (;;) {
    const at = text.indexOf(first, from);
    if (at < 0) break;
    row = rowAt(rows, at, row);
    const end = starts[row + 1]!;
    if (others.length === 0 || hasAll(text.slice(starts[row], end), others)) {
      if (total >= skip && keys.length < take) keys.push(rows.keys[row]!);
      total += 1;
    }
    from = end;
  }
  return { total, keys };
}

function hasAll(rowTextWithBreak: string, needles: readonly string[]): boolean {
  for (const needle of needles) if (!rowTextWithBreak.includes(needle)) return false;
  return true;
}
