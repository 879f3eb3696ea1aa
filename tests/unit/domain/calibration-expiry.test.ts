/**
 * The calibration warning window of the 'time alert' setting: the stored
 * text read as days (the default when unset or unreadable), and days until
 * due → state at the window's edges.
 */
import { describe, expect, it } from 'vitest';
import { calibrationAlertDays, calibrationState, DEFAULT_CALIBRATION_ALERT_DAYS, daysUntilExpiry } from '@/domain/calibration-expiry';

describe('calibrationAlertDays', () => {
  it.each([
    ['45', 45],
    [' 7 ', 7],
    ['0', 0],
    ['9999', 9999],
    [undefined, DEFAULT_CALIBRATION_ALERT_DAYS],
    [null, DEFAULT_CALIBRATION_ALERT_DAYS],
    ['', DEFAULT_CALIBRATION_ALERT_DAYS],
    ['abc', DEFAULT_CALIBRATION_ALERT_DAYS],
    ['3,5', DEFAULT_CALIBRATION_ALERT_DAYS],
    ['-1', DEFAULT_CALIBRATION_ALERT_DAYS],
    ['10000', DEFAULT_CALIBRATION_ALERT_DAYS],
  ])('%j → %d', (stored, days) => {
    expect(calibrationAlertDays(stored)).toBe(days);
  });

  it('defaults to the seed’s 30 days', () => {
    expect(DEFAULT_CALIBRATION_ALERT_DAYS).toBe(30);
  });
});

describe('calibrationState (days until due, window)', () => {
  it.each([
    [-1, 30, 'expired'],
    [-400, 0, 'expired'],
    [0, 0, 'soon'], // the last valid day warns even with no window
    [0, 30, 'soon'],
    [30, 30, 'soon'],
    [31, 30, 'valid'],
    [31, 45, 'soon'],
    [45, 45, 'soon'],
    [46, 45, 'valid'],
    [11, 5, 'valid'],
    [1, 0, 'valid'],
  ] as const)('%d days, window %d → %s', (days, window, state) => {
    expect(calibrationState(days, window)).toBe(state);
  });
});

describe('daysUntilExpiry', () => {
  it.each([
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-20', '2026-11-21', -1],
    ['2026-12-21', '2026-11-21', 30],
    ['2027-03-01', '2027-02-28', 1],
    ['2024-03-01', '2024-02-28', 2], // leap year
    [null, '2026-11-21', null],
    ['', '2026-11-21', null],
    ['21/11/2026', '2026-11-21', null],
    ['2026-11-21', 'hoje', null],
  ] as const)('%j from %s → %j', (expiry, today, days) => {
    expect(daysUntilExpiry(expiry, today)).toBe(days);
  });
});
