/**
 * Whether an equipment's calibration is still valid on a given day, with the
 * warning window of the 'time alert' setting (the rule itself is
 * src/domain/calibration-expiry.ts, shared with the server). Callers that
 * warn read the window with `useCalibrationAlertDays`; the default only
 * serves callers asking whether the calibration has expired, which the
 * window does not change.
 */
import { calibrationState, DEFAULT_CALIBRATION_ALERT_DAYS, daysUntilExpiry, type CalibrationState } from '@/domain/calibration-expiry';

export type ExpiryStatus = CalibrationState;

/** Null when there is no (readable) expiry date. Both dates are YYYY-MM-DD; `alertDays` is the setting's window. */
export function expiryStatus(
  expirationDate: string | null | undefined,
  today: string,
  alertDays = DEFAULT_CALIBRATION_ALERT_DAYS,
): ExpiryStatus | null {
  const days = daysUntilExpiry(expirationDate, today);
  return days === null ? null : calibrationState(days, alertDays);
}
