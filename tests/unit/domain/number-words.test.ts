/** Amounts in words, pt-BR (src/domain/number-words.ts), as a table. */
import { describe, expect, it } from 'vitest';
import { integerInWords, reaisInWords } from '@/domain/number-words';
import { whatsappLink } from '@/domain/whatsapp-link';

describe('integerInWords', () => {
  const cases: Array<[number, string]> = [
    [0, 'zero'],
    [1, 'um'],
    [15, 'quinze'],
    [21, 'vinte e um'],
    [100, 'cem'],
    [101, 'cento e um'],
    [110, 'cento e dez'],
    [999, 'novecentos e noventa e nove'],
    [1000, 'mil'],
    [1001, 'mil e um'],
    [1100, 'mil e cem'],
    [1234, 'mil duzentos e trinta e quatro'],
    [2000, 'dois mil'],
    [21_500, 'vinte e um mil e quinhentos'],
    [100_000, 'cem mil'],
    [1_000_000, 'um milhão'],
    [1_000_100, 'um milhão e cem'],
    [2_300_000, 'dois milhões e trezentos mil'],
    [2_345_678, 'dois milhões trezentos e quarenta e cinco mil seiscentos e setenta e oito'],
    [1_000_000_000, 'um bilhão'],
  ];
  it.each(cases)('%i → %s', (value, words) => expect(integerInWords(value)).toBe(words));
});

describe('reaisInWords', () => {
  const cases: Array<[number | null, string]> = [
    [0, 'zero reais'],
    [1, 'um centavo'],
    [100, 'um real'],
    [101, 'um real e um centavo'],
    [150, 'um real e cinquenta centavos'],
    [123_456, 'mil duzentos e trinta e quatro reais e cinquenta e seis centavos'],
    [111_110, 'mil cento e onze reais e dez centavos'],
    [100_000_000, 'um milhão de reais'],
    [250_000_000, 'dois milhões e quinhentos mil reais'],
    [-500, 'menos cinco reais'],
    [null, ''],
  ];
  it.each(cases)('%s centavos → %s', (cents, words) => expect(reaisInWords(cents)).toBe(words));
});

describe('whatsappLink', () => {
  const cases: Array<[string | null, string, string | null]> = [
    ['(11) 98765-4321', 'Olá!', 'https://wa.me/5511987654321?text=Ol%C3%A1!'],
    ['(11) 3322-4455', 'Orçamento nº 1/2026\nR$ 10,00', 'https://wa.me/551133224455?text=Or%C3%A7amento%20n%C2%BA%201%2F2026%0AR%24%2010%2C00'],
    ['+55 11 98765-4321', '', 'https://wa.me/5511987654321'],
    ['5511987654321', 'Oi', 'https://wa.me/5511987654321?text=Oi'],
    ['0 11 98765-4321', 'Oi', 'https://wa.me/5511987654321?text=Oi'],
    ['55 11 3322.4455', 'Oi', 'https://wa.me/551133224455?text=Oi'],
    // Only Brazilian numbers: another country's code is refused.
    ['+351 912 345 678', 'Oi', null],
    ['98765-4321', 'sem DDD', null],
    ['11 98765-43210', 'dígitos demais', null],
    // Any character besides digits and the mask's makes it no phone (its digits are not picked out).
    ['(11)9999-9999?x=1', 'Oi', null],
    ['11987654321&text=outra', 'Oi', null],
    ['(11) 98765-4321\n', 'Oi', 'https://wa.me/5511987654321?text=Oi'],
    ['(11) 98765\n4321', 'Oi', null],
    [null, 'x', null],
  ];
  it.each(cases)('%s, %j → %s', (phone, message, link) => expect(whatsappLink(phone, message)).toBe(link));
});
