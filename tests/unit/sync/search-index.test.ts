/**
 * Search index normalisation: words lowercased and without accents, split at
 * punctuation, every prefix indexed (up to the indexed length) with the
 * record's ordering key.
 */
import { describe, expect, it } from 'vitest';
import {
  matchesAllWords,
  MAX_PREFIX_LENGTH,
  normaliseText,
  pickIndexWord,
  prefixRange,
  queryWordsOf,
  recordWords,
  searchEntries,
  wordsOf,
} from '@sync/store/search-index';

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

describe('index entries', () => {
  it('holds every prefix of every word once, joined to the ordering key', () => {
    expect(searchEntries(['ruido', 'rui'], 'S').sort()).toEqual(['r', 'ru', 'rui', 'ruid', 'ruido'].map((prefix) => `${prefix}\u0001S`).sort());
  });

  it('stops at the indexed length', () => {
    const long = 'a'.repeat(MAX_PREFIX_LENGTH + 5);
    expect(searchEntries([long], 'S')).toHaveLength(MAX_PREFIX_LENGTH);
  });

  it('puts the entries of a prefix, and only those, in its range', () => {
    const [lower, upper] = prefixRange('rui');
    const inside = (entry: string) => entry >= lower && entry <= upper;
    expect(inside('rui\u00012026-01-01|k')).toBe(true);
    expect(inside('ruid\u00012026-01-01|k')).toBe(false);
    expect(inside('ru\u00012026-01-01|k')).toBe(false);
  });
});

describe('matching', () => {
  it('needs every query word to start some word', () => {
    expect(matchesAllWords(['bomba', 'de', 'amostragem'], ['amos', 'bom'])).toBe(true);
    expect(matchesAllWords(['bomba', 'de', 'amostragem'], ['amos', 'gem'])).toBe(false);
  });

  it('looks up the longest query word in the index', () => {
    expect(pickIndexWord(['de', 'amostragem', 'bomba'])).toBe('amostragem');
    expect(pickIndexWord([])).toBeUndefined();
  });
});
