/**
 * The noise levels of Settings > Resultados as the device has them (the
 * read-only `settings` list, option `result_noise`), parsed with the
 * domain's total parser: a setting never saved gives the defaults, so a
 * tablet that has not synced the settings yet still classifies.
 */
import { useMemo } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import { parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import type { NoiseThresholds } from '@/domain/result-thresholds';

export const NOISE_THRESHOLDS_OPTION = 'result_noise';

/** Null while the local list loads. */
export function useNoiseThresholds(): NoiseThresholds | null {
  const settings = useLocalList('settings');
  const raw = settings.loading ? null : (settings.rows.find((row) => row.option === NOISE_THRESHOLDS_OPTION)?.value ?? '');
  return useMemo(() => (raw === null ? null : parseNoiseThresholds(raw)), [raw]);
}
