/**
 * The calibration warning window (days) as this device has the settings:
 * `settings_timeAlert` from the synced `settings` list, so it works offline
 * and follows a change made on another device after the next pull. Unset or
 * unreadable → DEFAULT_CALIBRATION_ALERT_DAYS, also while the store answers
 * (a warning a moment early beats none).
 */
import { settingName } from '@sync/contract/settings';
import { useLocalList } from '@sync/react/use-local-record';
import { calibrationAlertDays } from '@/domain/calibration-expiry';

export const TIME_ALERT_OPTION = settingName('settings', 'timeAlert');

export function useCalibrationAlertDays(): number {
  const settings = useLocalList('settings');
  const stored = settings.loading ? undefined : settings.rows.find((row) => row.option === TIME_ALERT_OPTION)?.value;
  return calibrationAlertDays(stored);
}
