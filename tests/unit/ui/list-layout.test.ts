/**
 * When a list shows its rows as cards: when the room it has is narrower than
 * what its columns need side by side (declared or default widths); never
 * before the list is measured.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMN_MIN_WIDTH, listLayoutFor, tableMinWidth } from '@/ui/list-page/list-layout';

describe('tableMinWidth', () => {
  it.each([
    ['no columns', [], 0],
    ['defaults', [{}, {}], 2 * DEFAULT_COLUMN_MIN_WIDTH],
    ['a numeric width counts', [{ width: 180 }, {}], 180 + DEFAULT_COLUMN_MIN_WIDTH],
    ['minWidth wins over width', [{ width: 110, minWidth: 90 }], 90],
    ['a width in % does not count', [{ width: '30%' }], DEFAULT_COLUMN_MIN_WIDTH],
  ])('%s', (_name, columns, expected) => {
    expect(tableMinWidth(columns)).toBe(expected);
  });
});

describe('listLayoutFor', () => {
  it.each([
    ['not measured yet', 0, 900, 'table'],
    ['narrower than the columns', 696, 920, 'cards'],
    ['exactly the columns', 920, 920, 'table'],
    ['wider', 1054, 920, 'table'],
  ])('%s', (_name, available, needed, expected) => {
    expect(listLayoutFor(available, needed)).toBe(expected);
  });
});
