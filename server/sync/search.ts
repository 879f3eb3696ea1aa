/**
 * Case- and accent-insensitive search over a few text columns, the same on
 * PGlite and PostgreSQL without the unaccent extension: columns are folded
 * with translate() + lower() in SQL, the term with NFD in JS. Every word of
 * the term must appear in one of the columns ("tolueno 108" finds Tolueno,
 * CAS 108-88-3).
 */
import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ';
const PLAIN = [...ACCENTED]
  .map((c) =>
    c
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  )
  .join('');

/** The fold the SQL side applies, for the search term. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The column folded to lowercase without accents (for search and for name order). */
export function foldedColumn(column: AnyColumn): SQL {
  return sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${PLAIN}))`;
}

/** LIKE pattern matching `word` literally anywhere (%, _ and \ in the term are not wildcards). */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** WHERE for the search term, or undefined when the term is empty. */
export function searchCondition(term: string | undefined, columns: readonly AnyColumn[]): SQL | undefined {
  const words = foldText(term ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0 || columns.length === 0) return undefined;
  return and(...words.map((word) => or(...columns.map((column) => sql`${foldedColumn(column)} like ${containsPattern(word)}`))));
}
