/**
 * Case- and accent-insensitive search over a few text columns, the same on
 * PGlite and PostgreSQL: every word of the term must appear in one of the
 * columns ("tolueno 108" finds Tolueno, CAS 108-88-3). The term is folded
 * in JS (NFD, marks dropped, lowercase), the columns by the SQL function
 * `search_fold` (translate + lower, migration 0012), so one definition of
 * the fold serves indexes, searches and name order.
 *
 * A table searched at scale keeps its searched columns folded in a stored
 * `search_text` column with a trigram index (db/schema/search-text.ts):
 * given that column, the condition reads it as it is, and the index finds
 * the rows instead of a fold of every row (docs/decisions/server-list-speed.md).
 */
import { and, or, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { SEARCH_TEXT } from '../db/schema/search-text';

/** The fold the SQL side applies, for the search term. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The column folded to lowercase without accents (for search and for name order). */
export function foldedColumn(column: AnyColumn): SQL {
  return sql`search_fold(${column})`;
}

/** LIKE pattern matching `text` literally anywhere (%, _ and \ in the term are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The stored search text holds its columns folded already. */
function folded(column: AnyColumn): SQL {
  return column.name === SEARCH_TEXT ? sql`${column}` : foldedColumn(column);
}

/**
 * Conditions made by a search, so that a list can tell a search from a filter inside its WHERE:
 * a search's total is counted only up to a bound past the page (list-total.ts).
 */
const searches = new WeakSet<SQL>();

/** Marks a condition as a search (for a resource that builds its own, e.g. customers). */
export function asSearch(condition: SQL): SQL {
  searches.add(condition);
  return condition;
}

/** Whether the condition is, or holds, a search. */
export function holdsSearch(condition: SQL | undefined): boolean {
  if (condition === undefined) return false;
  if (searches.has(condition)) return true;
  return condition.queryChunks.some((chunk) => chunk instanceof SQL && holdsSearch(chunk));
}

/** The words of a search term, folded. */
function searchWords(term: string | undefined): string[] {
  return foldText(term ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/** WHERE for the search term, or undefined when the term is empty. */
export function searchCondition(term: string | undefined, columns: readonly AnyColumn[]): SQL | undefined {
  const words = searchWords(term);
  if (words.length === 0 || columns.length === 0) return undefined;
  return asSearch(and(...words.map((word) => or(...columns.map((column) => sql`${folded(column)} like ${containsPattern(word)}`))))!);
}
