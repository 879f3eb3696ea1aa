/**
 * The calibration state of an instrument on a given day, with the 'time
 * alert' of Configurações › Variáveis do sistema (`settings_timeAlert`, days)
 * as the only warning window: one rule for the badges, the sample's
 * calibration notices and the dashboard, on the device and on the server.
 * The expiry date ('Data de Validade') is the last valid day: an instrument
 * is expired from the day after it.
 */
import type { IsoDate } from './dates';

export type CalibrationState = 'expired' | 'soon' | 'valid';

/** The window when the setting was never saved or is unreadable: the seed's value (decision settings.md, 2026-11-29). */
export const DEFAULT_CALIBRATION_ALERT_DAYS = 30;

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/**
 * The stored setting ('45') as whole days. Anything the settings rule would
 * refuse (empty, '3,5', '-1', 'abc', five digits) gives the default, so a
 * device that has not pulled the settings yet still warns.
 */
export function calibrationAlertDays(stored: string | null | undefined): number {
  const text = stored?.trim() ?? '';
  return /^\d{1,4}$/.test(text) ? Number(text) : DEFAULT_CALIBRATION_ALERT_DAYS;
}

/** Whole days from `today` to the expiry date (0 on the last valid day, negative once expired); null when either date is unreadable. */
export function daysUntilExpiry(expirationDate: IsoDate | null | undefined, today: IsoDate): number | null {
  const expiry = expirationDate ? dayNumber(expirationDate) : null;
  const now = dayNumber(today);
  return expiry === null || now === null ? null : expiry - now;
}

/** Days until due → state: expired before 0, about to expire up to `alertDays` days ahead (inclusive), valid after. */
export function calibrationState(daysUntilDue: number, alertDays: number): CalibrationState {
  if (daysUntilDue < 0) return 'expired';
  return daysUntilDue <= alertDays ? 'soon' : 'valid';
}
