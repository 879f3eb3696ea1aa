/**
 * The dashboard's figures from the records this device holds: what goes
 * into the shared pure function (src/domain/dashboard-figures.ts) and how,
 * apart from React so a test can hold it against the server's answer for
 * the same records (tests/sync/dashboard-figures.test.ts). The groups follow
 * the read rules the device pulls by, as the server's figures do.
 */
import { mayRead, READ_ACCESS, type Reader } from '@sync/contract/access';
import { sampleRiskOf } from '@sync/contract/dashboard';
import { settingsMap } from '@sync/contract/settings';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import { dashboardStats, type QuotationFigure, type StatCard } from '@/domain/dashboard-figures';
import type { DashboardPeriod } from '@/domain/dashboard-periods';
import { parseNoiseThresholds } from '@/domain/result-thresholds-parse';

type SampleRecord = { type_id: number | null; updated_at: string | null; memory_field?: unknown; result?: unknown; risk_classification?: unknown };

export interface DeviceRecords {
  quotations: readonly QuotationFigure[];
  samples: readonly SampleRecord[];
  equipment: ReadonlyArray<{ expiration_date: string | null }>;
  settings: ReadonlyArray<{ option: string; value: string }>;
  /** Local keys of the samples with changes not sent yet. */
  unsentSampleKeys: ReadonlySet<string>;
  /** The 'time alert' days as this device reads the setting. */
  alertDays: number;
}

export function deviceStats(reader: Reader, period: DashboardPeriod, now: Date, records: DeviceRecords): StatCard[] {
  const noise = parseNoiseThresholds(settingsMap(records.settings)[RESULT_OPTIONS.noise]);
  return dashboardStats({
    period,
    now,
    calibrationAlertDays: records.alertDays,
    ...(mayRead(reader, READ_ACCESS.quotations) ? { quotations: records.quotations } : {}),
    ...(mayRead(reader, READ_ACCESS.samples)
      ? {
          samples: records.samples.map((sample) => ({ updated_at: sample.updated_at, filled: sampleRiskOf(sample, noise).filled })),
          unsentSamples: records.unsentSampleKeys.size,
        }
      : {}),
    ...(mayRead(reader, READ_ACCESS.equipment) ? { equipment: records.equipment } : {}),
  });
}
