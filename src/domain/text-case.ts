/**
 * Capitalisation applied on change to names, addresses, districts, cities and
 * department names (core-administration.md section 5; calculations.md
 * section 6): each word starts with a capital letter, except the Portuguese
 * small words de, da, do, das, dos and e, which stay lowercase unless they
 * open the text.
 *
 * Only the first letter of a word is touched: the rest is kept as typed, so
 * acronyms and roman numerals ('ACME LTDA', 'Rua XV de Novembro') survive a
 * rule that runs on every keystroke. Spacing is kept exactly, so a trailing
 * space the user just typed is not eaten.
 */

export const SMALL_WORDS: readonly string[] = ['de', 'da', 'do', 'das', 'dos', 'e'];

const SMALL = new Set(SMALL_WORDS);
const LEADING_LETTER = /^([^\p{L}\p{N}]*)(\p{L})/u;

export function capitalizeWords(text: string | null | undefined): string {
  let seenWord = false;
  return (text ?? '').replace(/\S+/g, (word) => {
    const first = !seenWord;
    seenWord = true;
    if (!first && SMALL.has(word.toLocaleLowerCase('pt-BR'))) return word.toLocaleLowerCase('pt-BR');
    // The first letter, after any opening punctuation ('(matriz)'); a word
    // opening with a digit ('2ª', '10º') is left alone.
    return word.replace(LEADING_LETTER, (_, lead: string, letter: string) => lead + letter.toLocaleUpperCase('pt-BR'));
  });
}
