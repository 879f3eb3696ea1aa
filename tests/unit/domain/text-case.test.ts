import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalizeWords } from '@/domain/text-case';

describe('capitalizeWords', () => {
  it.each<[string | null | undefined, string]>([
    ['joão da silva', 'João da Silva'],
    ['maria dos santos e souza', 'Maria dos Santos e Souza'],
    ['rua do comércio', 'Rua do Comércio'],
    ['avenida das nações', 'Avenida das Nações'],
    ['vila de são josé', 'Vila de São José'],
    ['João Da Silva', 'João da Silva'],
    ['JOSÉ DOS SANTOS', 'JOSÉ dos SANTOS'],
    ['Silva E Filhos', 'Silva e Filhos'],
    // a small word opening the text is capitalised like any first word
    ['de paula', 'De Paula'],
    ['e cia', 'E Cia'],
    // the rest of a word is kept: acronyms and roman numerals survive
    ['acme LTDA', 'Acme LTDA'],
    ['rua XV de novembro', 'Rua XV de Novembro'],
    ['éder ávila', 'Éder Ávila'],
    ['(matriz) são paulo', '(Matriz) São Paulo'],
    ['2ª vara do trabalho', '2ª Vara do Trabalho'],
    // spacing is kept exactly: a trailing space typed on change survives
    ['joão ', 'João '],
    ['  ana   maria ', '  Ana   Maria '],
    ['dona', 'Dona'],
    ['dom pedro', 'Dom Pedro'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(capitalizeWords(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(capitalizeWords(capitalizeWords(text))).toBe(capitalizeWords(text));
      }),
    );
  });

  it('changes only letter case, never length or spacing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = capitalizeWords(text);
        expect(out.toLowerCase()).toBe(text.toLowerCase());
      }),
    );
  });
});
