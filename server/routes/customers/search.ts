/**
 * The customer list's search (spec section 7, `search`): every word of the
 * term must match the name or the e-mail (case- and accent-insensitive,
 * like every search of the API), the document (a word with digits, with or
 * without its mask: '12.345' finds 12345678000195) or the phone (a word of
 * digits and phone punctuation).
 *
 * Each of the three reads an expression with a trigram index of its own
 * (migration 0012): the stored search text (name and e-mail, folded), the
 * document in capitals and the phone, so a word's alternatives are an OR
 * of index scans and no row is folded at search time.
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import { normalizeDocument } from '@sync/contract/customers';
import { onlyDigits } from '@/domain/masks';
import { customers } from '@server/db/schema';
import { asSearch, containsPattern, foldText } from '@server/sync/search';

function wordCondition(word: string): SQL {
  const options: SQL[] = [sql`${customers.search_text} like ${containsPattern(foldText(word))}`];
  if (/\d/.test(word)) {
    const document = normalizeDocument(word);
    if (document !== '') options.push(sql`upper(coalesce(${customers.document}, '')) like ${containsPattern(document)}`);
    const digits = onlyDigits(word);
    if (/^[\d\s().+-]+$/.test(word) && digits !== '') options.push(sql`coalesce(${customers.phone}, '') like ${containsPattern(digits)}`);
  }
  return or(...options)!;
}

/** WHERE for the search term, or undefined when it is empty. */
export function customerSearch(term: string | undefined): SQL | undefined {
  const words = (term ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  return asSearch(and(...words.map(wordCondition))!);
}
