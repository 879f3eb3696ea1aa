/** 'Formatar texto' (src/domain/text-format.ts): spacing and sentence capitals, words kept as typed. */
import { describe, expect, it } from 'vitest';
import { formatParagraphText } from '@/domain/text-format';

describe('formatParagraphText', () => {
  it.each([
    ['nothing', null, ''],
    ['spaces in a row and around lines', '  a   b\t\tc  ', 'A b c'],
    ['space before punctuation', 'fim , meio ; ponto . exclamação !', 'Fim, meio; ponto. Exclamação!'],
    ['space after a comma before a letter, not before a digit', 'a,b e 1,5', 'A, b e 1,5'],
    ['a period without a space is not a sentence end (sites, abbreviations)', 'ver www.site.com.br e sr.joão', 'Ver www.site.com.br e sr.joão'],
    ['capitals after . ! ? and on each line', 'um. dois! três? quatro\ncinco', 'Um. Dois! Três? Quatro\nCinco'],
    ['accented first letters', 'água. é isso', 'Água. É isso'],
    ['line endings and blank lines', 'a\r\n\r\n\r\n\r\nb\n', 'A\n\nB'],
    ['capitals and acronyms typed are kept', 'NR-15 e LTCAT. ok', 'NR-15 e LTCAT. Ok'],
  ])('%s', (_, input, expected) => {
    expect(formatParagraphText(input)).toBe(expected);
  });
});
