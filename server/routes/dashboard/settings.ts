/**
 * The two settings the dashboard reads, as the devices have them: the 'time
 * alert' (`settings_timeAlert`, days: the calibration window) and the noise
 * thresholds (`result_noise`: which Dose 8h is the highest level). Absent or
 * unreadable values give the same defaults the devices use.
 */
import { inArray } from 'drizzle-orm';
import { settingName } from '@sync/contract/settings';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import { calibrationAlertDays } from '@/domain/calibration-expiry';
import { parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import type { NoiseThresholds } from '@/domain/result-thresholds';
import type { Db, Tx } from '@server/db/client';
import { options } from '@server/db/schema';

export const TIME_ALERT_OPTION = settingName('settings', 'timeAlert');

export interface DashboardSettings {
  alertDays: number;
  noise: NoiseThresholds;
}

export async function readDashboardSettings(db: Db | Tx): Promise<DashboardSettings> {
  const rows = await db
    .select({ option: options.option, value: options.value })
    .from(options)
    .where(inArray(options.option, [TIME_ALERT_OPTION, RESULT_OPTIONS.noise]));
  const stored = (option: string) => rows.find((row) => row.option === option)?.value;
  return { alertDays: calibrationAlertDays(stored(TIME_ALERT_OPTION)), noise: parseNoiseThresholds(stored(RESULT_OPTIONS.noise)) };
}
