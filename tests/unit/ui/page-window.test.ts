/**
 * Paginator arithmetic: 10 per page, skip = 10 × (page − 1), the spec's
 * label and the Anterior/Proximo availability.
 */
import { describe, expect, it } from 'vitest';
import { pageWindow, parsePageParam } from '@/ui/paginator/page-window';

describe('pageWindow', () => {
  it.each([
    // page, total, skip, from, to, pageCount, hasPrevious, hasNext, label
    [1, 0, 0, 0, 0, 0, false, false, 'Nenhum resultado encontrado'],
    [1, 1, 0, 1, 1, 1, false, false, 'Mostrando 1 a 1 de 1 registros'],
    [1, 10, 0, 1, 10, 1, false, false, 'Mostrando 1 a 10 de 10 registros'],
    [1, 11, 0, 1, 10, 2, false, true, 'Mostrando 1 a 10 de 11 registros'],
    [2, 11, 10, 11, 11, 2, true, false, 'Mostrando 11 a 11 de 11 registros'],
    [2, 35, 10, 11, 20, 4, true, true, 'Mostrando 11 a 20 de 35 registros'],
    [4, 35, 30, 31, 35, 4, true, false, 'Mostrando 31 a 35 de 35 registros'],
    [5, 35, 40, 0, 0, 4, true, false, 'Nenhum resultado encontrado'],
    [0, 35, 0, 1, 10, 4, false, true, 'Mostrando 1 a 10 de 35 registros'],
    [1.5, 35, 0, 1, 10, 4, false, true, 'Mostrando 1 a 10 de 35 registros'],
    [3, -4, 20, 0, 0, 0, true, false, 'Nenhum resultado encontrado'],
  ] as const)('page %d of %d records', (page, total, skip, from, to, pageCount, hasPrevious, hasNext, label) => {
    expect(pageWindow(page, total)).toMatchObject({ skip, from, to, pageCount, hasPrevious, hasNext, label });
  });

  it('honours another page size', () => {
    expect(pageWindow(3, 100, 25)).toMatchObject({ skip: 50, from: 51, to: 75, pageCount: 4 });
  });
});

describe('parsePageParam', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    [' 3 ', 3],
    [4, 4],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    [undefined, 1],
    ['99999999999999999999', 1],
  ])('%j → %d', (raw, expected) => {
    expect(parsePageParam(raw)).toBe(expected);
  });
});
