/** How the sync page writes times and field values. */
import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatDateTime, formatFieldValue } from '@/features/sync/format-sync-value';

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
