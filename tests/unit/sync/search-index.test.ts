/**
 * Search normalisation: words lowercased and without accents, split at
 * punctuation; the match rule, and the in-memory scan's form of it.
 */
import { describe, expect, it } from 'vitest';
import { rowMatches } from '@sync/store/search-cache';
import { matchesAllWords, normaliseText, queryWordsOf, recordWords, wordsOf } from '@sync/store/search-index';

describe('normalisation', () => {
  it.each([
    ['Ruído Contínuo', 'ruido continuo'],
    ['AÇÃO NO ORGANISMO', 'acao no organismo'],
    ['Umidade relativa (%)', 'umidade relativa (%)'],
    ['Pêssego ÜBER', 'pessego uber'],
  ])('%s → %s', (text, normalised) => {
    expect(normaliseText(text)).toBe(normalised);
  });

  it.each([
    ['Ruído  contínuo', ['ruido', 'continuo']],
    ['CAS 50-00-0', ['cas', '50', '00', '0']],
    ['Nº série: AB/123', ['no', 'serie', 'ab', '123']],
    ['   ', []],
  ])('words of %j', (text, words) => {
    expect(wordsOf(text)).toEqual(words);
  });
});

describe('masked numbers (CPF, CNPJ, CAS, phone, serial number)', () => {
  // The record side keeps the parts and adds the whole; the query side keeps the whole,
  // so a masked query finds a value stored with or without its mask.
  it.each([
    ['12.345.678/0001-95', ['12345678000195']],
    ['529.982.247-25', ['52998224725']],
    ['12.ABC.345/01DE-35', ['12abc34501de35']],
    ['(11) 3456-7890', ['1134567890']],
    ['CAS 50-00-0', ['cas', '50000']],
    ['12.345.678/', ['12345678']],
    ['S.A. guarda-chuva', ['s', 'a', 'guarda', 'chuva']],
    ['tolueno 108', ['tolueno', '108']],
  ])('query %j → %j', (text, words) => {
    expect(queryWordsOf(text)).toEqual(words);
  });

  it.each([
    ['12345678000195', ['12345678000195']],
    ['50-00-0', ['50', '00', '0', '50000']],
    ['(11) 3456-7890', ['11', '3456', '7890', '1134567890']],
  ])('record %j → %j', (text, words) => {
    expect(recordWords({ value: text }, ['value']).sort()).toEqual([...words].sort());
  });

  it.each([
    ['12.345.678/0001-95', '12345678000195'],
    ['12.345.678', '12345678000195'],
    ['529.982.247-25', '52998224725'],
    ['50-00-0', '50-00-0'],
    ['50', '50-00-0'],
    ['(11) 3456-7890', '1134567890'],
    ['SN-4321', 'SN-4321'],
  ])('%j finds %j', (query, stored) => {
    expect(matchesAllWords(recordWords({ value: stored }, ['value']), queryWordsOf(query))).toBe(true);
  });
});

describe('the fast paths give the words the full rule gives', () => {
  // The full rule, as written before the shortcuts (ASCII skips the decomposition; a value
  // without a digit and a mask's separator skips the second, masked pass).
  const fullNormalise = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  const fullWords = (text: string) =>
    fullNormalise(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 0);
  const masked = /(?:\(\p{N}+\)\s?)?[\p{L}\p{N}]+(?:[./-][\p{L}\p{N}]+)*/gu;
  const fullRecordWords = (text: string) => {
    const parts = fullWords(text);
    const joined = text.replace(masked, (run) => (/\p{N}/u.test(run) ? run.replace(/[^\p{L}\p{N}]+/gu, '') : run));
    return [...parts, ...fullWords(joined).filter((whole) => !parts.includes(whole))];
  };

  it.each([
    'Tolueno em solda run12',
    'AG-1234',
    '108-88-3',
    'Ruído contínuo (%)',
    'ﬁltro Ⅻ ½',
    'Nº 12/2026',
    '(11) 3456-7890',
    'S.A. guarda-chuva',
    '12.ABC.345/01DE-35',
    'Ácido sulfúrico 7664-93-9',
    'sem digitos / nem - mascara',
    '123 456',
    '',
  ])('%j', (text) => {
    expect(normaliseText(text)).toBe(fullNormalise(text));
    expect(wordsOf(text)).toEqual(fullWords(text));
    expect(recordWords({ value: text }, ['value'])).toEqual(fullRecordWords(text));
  });
});

describe('scanning the search rows', () => {
  it.each([
    [['bomba', 'de', 'amostragem'], ['amos', 'bom'], true],
    [['bomba', 'de', 'amostragem'], ['amos', 'gem'], false],
    [['formaldeido', '50', '00', '0', '50000'], ['50000'], true],
    [['formaldeido'], ['aldeido'], false],
    [['ruido'], ['ruido'], true],
    [['rui'], ['ruido'], false],
  ])('%j for %j: %s, as matchesAllWords says', (words, query, expected) => {
    expect(matchesAllWords(words, query)).toBe(expected);
    expect(rowMatches({ key: 'k', sort: 'S', text: ` ${words.join(' ')}` }, query)).toBe(expected);
  });
});

describe('matching', () => {
  it('needs every query word to start some word', () => {
    expect(matchesAllWords(['bomba', 'de', 'amostragem'], ['amos', 'bom'])).toBe(true);
    expect(matchesAllWords(['bomba', 'de', 'amostragem'], ['amos', 'gem'])).toBe(false);
  });
});
