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
  searchEntries,
  wordsOf,
} from '../../../sync/store/search-index';

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

describe('index entries', () => {
  it('holds every prefix of every word once, joined to the ordering key', () => {
    expect(searchEntries(['ruido', 'rui'], 'S').sort()).toEqual(
      ['r', 'ru', 'rui', 'ruid', 'ruido'].map((prefix) => `${prefix}\u0001S`).sort(),
    );
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
