/**
 * The stored search text of a table whose lists are searched at scale
 * (agents, customers, quotations, samples; docs/decisions/server-list-speed.md):
 * a column the database generates from the searched columns, folded as
 * every search of the API folds (lowercase, without accents: the SQL
 * function `search_fold` of migration 0012) and joined by spaces, with a
 * trigram index on it.
 *
 * Why stored: a search is `LIKE '%word%'`; a trigram index finds the
 * candidate rows, but every candidate is checked again against the
 * condition, and folding a row (translate + lower) costs 15–30 µs on
 * PGlite: 5,000 candidates were 100 ms. Against the stored text the check
 * is a plain LIKE. Joined by spaces it answers exactly what "the word in
 * one of the columns" answers: a search word never holds a space, so it
 * can never match across two columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import { text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The trigram indexes' storage options. GIN queues new rows in a pending list, which every search
 * reads through and only VACUUM (or the list reaching its limit, 4 MB by default) merges; PGlite runs
 * no autovacuum, so searches would read up to 4 MB on every call. 128 kB keeps inserts batched
 * (a row is 1–3 ms on PGlite either way) and a search's extra reading small.
 */
export const GIN_OPTIONS = { gin_pending_list_limit: 128 };

/** The column's name: server/sync/search.ts reads a column of this name as already folded. */
export const SEARCH_TEXT = 'search_text';

/** The generated column over these columns (a callback: they belong to the table being declared). */
export function searchTextColumn(columns: () => AnyPgColumn[]) {
  return text(SEARCH_TEXT).generatedAlwaysAs((): SQL => {
    const parts = columns().map((column) => sql`coalesce(${column}, '')`);
    return sql`search_fold(${sql.join(parts, sql` || ' ' || `)})`;
  });
}
