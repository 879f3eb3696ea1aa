/**
 * Local search by word prefix: how a record's searchable fields and a query
 * are cut into normalised words, and the match rule (every query word starts
 * a word of the record). The words are derived from the records and scanned
 * in memory (search-cache.ts, queries.ts).
 */

const ASCII_ONLY = /^[\x00-\x7F]*$/;

/** Lowercase, accents stripped, compatibility forms folded ("Nº" → "no"): "Ruído Contínuo" → "ruido continuo". */
export function normaliseText(text: string): string {
  // ASCII is its own decomposition and has no marks (the search cache normalises every record it loads).
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Normalised words of a text, split at anything that is not a letter or digit. */
export function wordsOf(text: string): string[] {
  return normaliseText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A number written with its mask: letter/digit groups joined by '.', '/' or
 * '-', optionally after a phone's '(11) ' ('12.345.678/0001-95',
 * '529.982.247-25', '50-00-0', '(11) 3456-7890', 'AB/123'). Only runs with a
 * digit count, so 'S.A.' and 'guarda-chuva' stay words of their own.
 */
const MASKED_RUN = /(?:\(\p{N}+\)\s?)?[\p{L}\p{N}]+(?:[./-][\p{L}\p{N}]+)*/gu;

const MASK_SEPARATOR = /[./(-]/;
const DIGIT = /\p{N}/u;

/** The text with every masked number written as one word without its mask. */
function joinMaskedNumbers(text: string): string {
  return text.replace(MASKED_RUN, (run) => (/\p{N}/u.test(run) ? run.replace(/[^\p{L}\p{N}]+/gu, '') : run));
}

/**
 * Normalised words of a search query. A masked number is one word without
 * its mask, so a CNPJ typed as '12.345.678/0001-95' finds the customer stored
 * with the digits only, and a CAS '50-00-0' is looked for whole rather than
 * as three unrelated numbers.
 */
export function queryWordsOf(text: string): string[] {
  return wordsOf(joinMaskedNumbers(text));
}

/**
 * Normalised words of the searchable fields of a record: the words split at
 * punctuation ('50', '00', '0', so '00' still finds '50-00-0') and each
 * masked number also whole ('50000'), which a masked query looks for.
 */
export function recordWords(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const words: string[] = [];
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    const parts = wordsOf(text);
    words.push(...parts);
    // Without a digit and a mask's separator there is no masked number, and joining would change nothing.
    if (!MASK_SEPARATOR.test(text) || !DIGIT.test(text)) continue;
    for (const whole of wordsOf(joinMaskedNumbers(text))) if (!parts.includes(whole)) words.push(whole);
  }
  return words;
}

/** True when every query word starts some word of the record. */
export function matchesAllWords(recordWordList: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.every((query) => recordWordList.some((word) => word.startsWith(query)));
}
