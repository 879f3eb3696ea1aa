/**
 * 'Formatar texto' for a quotation's comments (spec: "comments textarea
 * with 'Formatar texto' and an auto-format checkbox"; the spec does not say
 * what it does, decided in docs/decisions/quotation-form-rich-text.md): tidy spacing and
 * sentence capitals without changing the words.
 *
 * - line endings become \n; spaces and tabs in a row become one space;
 *   lines lose their surrounding spaces; three or more line breaks become
 *   one blank line; the text loses leading and trailing blank lines;
 * - no space before , . ; : ! ?; one space after , ; : ! ? and a sentence's
 *   period when a letter follows ('1,5' and 'www.site.com.br' are left alone:
 *   a digit follows the comma, and a period is only a sentence end before a space);
 * - the first letter of the text, of each line and of each sentence (after
 *   . ! ? and a space) is a capital; the rest is kept as typed.
 */

const SENTENCE_START = /(^|[.!?]\s+)(\p{Ll})/gu;

function formatLine(line: string): string {
  return line
    .replace(/[ \t]+/g, ' ')
    .trim()
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/([,;:!?])(\p{L})/gu, '$1 $2')
    .replace(SENTENCE_START, (_, lead: string, letter: string) => lead + letter.toLocaleUpperCase('pt-BR'));
}

export function formatParagraphText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(formatLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
