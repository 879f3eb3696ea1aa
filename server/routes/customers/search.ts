/**
 * The customer list's search (spec section 7, `search`): every word of the
 * term must match the name or the e-mail (case- and accent-insensitive,
 * like every search of the API), the document (a word with digits, with or
 * without its mask: '12.345' finds 12345678000195) or the phone (a word of
 * digits and phone punctuation).
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import { normalizeDocument } from '@sync/contract/customers';
import { onlyDigits } from '@/domain/masks';
import { customers } from '@server/db/schema';
import { foldedColumn, foldText } from '@server/sync/search';

/** LIKE pattern matching `text` literally anywhere. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function wordCondition(word: string): SQL {
  const folded = foldText(word);
  const options: SQL[] = [
    sql`${foldedColumn(customers.name)} like ${contains(folded)}`,
    sql`${foldedColumn(customers.email)} like ${contains(folded)}`,
  ];
  if (/\d/.test(word)) {
    const document = normalizeDocument(word);
    if (document !== '') options.push(sql`upper(coalesce(${customers.document}, '')) like ${contains(document)}`);
    const digits = onlyDigits(word);
    if (/^[\d\s().+-]+$/.test(word) && digits !== '') options.push(sql`coalesce(${customers.phone}, '') like ${contains(digits)}`);
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
  return and(...words.map(wordCondition));
}
