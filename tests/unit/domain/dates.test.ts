import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDateBR,
  formatHHmm,
  formatInstantBR,
  isValidCalendarDate,
  minutesBetween,
  parseDateBR,
  parseDurationHHmm,
  parseIsoDate,
  parseTimeHHmm,
} from '@/domain/dates';

describe('parseDateBR', () => {
  it.each<[string | null | undefined, string | null]>([
    ['21/11/2026', '2026-11-21'],
    ['01/01/2000', '2000-01-01'],
    ['29/02/2024', '2024-02-29'],
    [' 31/12/2026 ', '2026-12-31'],
    ['29/02/2026', null],
    ['31/02/2026', null],
    ['31/04/2026', null],
    ['00/01/2026', null],
    ['01/13/2026', null],
    ['1/2/2026', null],
    ['01/02/26', null],
    ['2026-11-21', null],
    ['01-02-2026', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (text, expected) => {
    expect(parseDateBR(text)).toBe(expected);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-02-30', null],
    ['2026-1-2', null],
    ['21/11/2026', null],
  ])('%s → %s', (text, expected) => {
    expect(parseIsoDate(text)).toBe(expected);
  });
});

describe('formatDateBR', () => {
  it.each<[string | null | undefined, string]>([
    ['2026-11-21', '21/11/2026'],
    ['2026-11-21T23:59:00', '21/11/2026'],
    ['2026-11-21 08:00:00', '21/11/2026'],
    ['2026-02-30', ''],
    ['21/11/2026', ''],
    ['', ''],
    [null, ''],
  ])('%j → %j', (iso, expected) => {
    expect(formatDateBR(iso)).toBe(expected);
  });

  it('round-trips with parseDateBR for every valid date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        expect(parseDateBR(formatDateBR(iso))).toBe(iso);
      }),
    );
  });
});

describe('formatInstantBR', () => {
  it.each([
    ['2026-11-21T01:00:00Z', 'America/Sao_Paulo', '20/11/2026'],
    ['2026-11-21T03:00:00Z', 'America/Sao_Paulo', '21/11/2026'],
    ['2026-11-21T01:00:00Z', 'UTC', '21/11/2026'],
    ['not a date', 'UTC', ''],
  ])('%s in %s → %s', (instant, zone, expected) => {
    expect(formatInstantBR(instant, zone)).toBe(expected);
  });
});

describe('isValidCalendarDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2100, 2, 29, false],
    [2000, 2, 29, true],
    [2026, 12, 31, true],
    [2026, 0, 1, false],
    [2026, 1, 0, false],
    [2026, 1, 1.5, false],
  ])('%s-%s-%s → %s', (y, m, d, expected) => {
    expect(isValidCalendarDate(y, m, d)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each<[string, number, string | null]>([
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', 10, '2026-12-01'],
    ['2026-12-30', 3, '2027-01-02'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-21', 1.5, null],
    ['2026-02-30', 1, null],
    ['garbage', 1, null],
  ])('%s + %s → %s', (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected);
  });
});

describe('parseTimeHHmm', () => {
  it.each<[string | null | undefined, number | null]>([
    ['00:00', 0],
    ['07:05', 425],
    ['12:59', 779],
    ['23:59', 1439],
    [' 08:30 ', 510],
    ['7:5', null],
    ['7:05', null],
    ['07:5', null],
    ['25:00', null],
    ['24:00', null],
    ['12:60', null],
    ['12h30', null],
    ['1230', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (text, expected) => {
    expect(parseTimeHHmm(text)).toBe(expected);
  });
});

describe('parseDurationHHmm', () => {
  it.each<[string, number | null]>([
    ['08:00', 480],
    ['25:30', 1530],
    ['100:00', 6000],
    ['8:00', null],
    ['08:60', null],
    ['', null],
  ])('%j → %j', (text, expected) => {
    expect(parseDurationHHmm(text)).toBe(expected);
  });
});

describe('formatHHmm', () => {
  it.each<[number | null | undefined, string]>([
    [0, '00:00'],
    [425, '07:05'],
    [1439, '23:59'],
    [1530, '25:30'],
    [59.6, '01:00'],
    [-1, ''],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %j', (minutes, expected) => {
    expect(formatHHmm(minutes)).toBe(expected);
  });

  it('round-trips with parseTimeHHmm over a whole day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(parseTimeHHmm(formatHHmm(minutes))).toBe(minutes);
      }),
    );
  });
});

describe('minutesBetween', () => {
  it.each<[string, string, number | null]>([
    ['08:00', '17:00', 540],
    ['22:00', '06:00', 480],
    ['23:30', '00:30', 60],
    ['08:00', '08:00', 0],
    ['08:00', '7:00', null],
    ['', '17:00', null],
  ])('%s → %s = %s', (start, end, expected) => {
    expect(minutesBetween(start, end)).toBe(expected);
  });
});
