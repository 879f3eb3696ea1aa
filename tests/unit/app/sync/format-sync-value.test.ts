/** How the sync page writes times and field values, and each side of a conflict's question. */
import { describe, expect, it } from 'vitest';
import type { FieldDifference } from '@sync/engine/reports';
import { EMPTY_VALUE, formatDateTime, formatDifference, formatFieldValue } from '@/features/sync/format-sync-value';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-20T13:05:00.000Z', '20/11/2026 10:05'],
    [Date.parse('2026-01-01T02:59:00.000Z'), '31/12/2025 23:59'],
    ['2026-11-20T03:00:00.000Z', '20/11/2026 00:00'],
    [null, ''],
    ['', ''],
    ['não é data', ''],
  ])('%s → %s', (value, text) => {
    expect(formatDateTime(value)).toBe(text);
  });
});

describe('formatFieldValue', () => {
  it.each([
    ['price', 1234.5, 'R$ 1.234,50'],
    ['price', 0, 'R$ 0,00'],
    ['expiration_date', '2027-03-31', '31/03/2027'],
    ['type', 'calibrador', 'Calibrador'],
    ['name', 'Dosímetro', 'Dosímetro'],
    ['name', '', EMPTY_VALUE],
    ['name', '   ', EMPTY_VALUE],
    ['serial_number', null, EMPTY_VALUE],
    ['quantity', 1500, '1.500'],
    ['ipvs', 0.25, '0,25'],
    ['flag', true, 'Sim'],
    ['flag', false, 'Não'],
    ['lines', [], EMPTY_VALUE],
    [
      'lines',
      [
        { description: 'Ruído', quantity: 2 },
        { description: 'Poeira', quantity: 1.5, note: null },
      ],
      'Ruído · 2\nPoeira · 1,5',
    ],
    ['lines', [{ description: 'Calor', tags: ['a', 'b'], extra: { done: true } }], 'Calor · a, b · Sim'],
    ['address', { street: 'Rua A', number: '10' }, 'Rua A · 10'],
    ['address', { street: null }, EMPTY_VALUE],
  ])('%s = %j → %s', (field, value, text) => {
    expect(formatFieldValue(field, value)).toBe(text);
  });
});

describe('formatDifference: one question of a conflict', () => {
  const question = (path: string[], mine: unknown, theirs: unknown, absent?: 'mine' | 'theirs'): FieldDifference => ({
    field: path.join('/'),
    path,
    label: 'x',
    mine,
    theirs,
    ...(absent ? { absent } : {}),
  });
  it.each([
    ['a leaf inside a block', question(['caracterization', 'register'], 'M-7', 'M-8'), 'M-7', 'M-8'],
    ['an emptied leaf', question(['caracterization', 'register'], '', 'M-8'), EMPTY_VALUE, 'M-8'],
    ['a line’s unit value, as money', question(['rows', 'a1', 'value'], 250, 300), 'R$ 250,00', 'R$ 300,00'],
    ['a line’s quantity, as a number', question(['rows', 'a1', 'quantity'], 1500, 2), '1.500', '2'],
    ['a whole field, by its name', question(['price'], 10, 12), 'R$ 10,00', 'R$ 12,00'],
    [
      'a row removed here, edited there: its fields under their labels',
      question(['memory_field', 'tasks', 'r1'], null, { 'tbn (°C)': '24,1', 'tg (°C)': '' }, 'mine'),
      'Linha removida',
      'tbn (°C): 24,1',
    ],
  ])('%s', (_what, difference, mine, theirs) => {
    expect(formatDifference(difference, 'mine')).toBe(mine);
    expect(formatDifference(difference, 'theirs')).toBe(theirs);
  });
});
