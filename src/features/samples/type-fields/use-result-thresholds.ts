/**
 * The noise levels and the chemical risks and option lists of Settings >
 * Resultados as the device has them (the read-only `settings` list, options
 * `result_noise` and `result_chemical`), parsed with the domain's total
 * parsers: a setting never saved gives the defaults, so a tablet that has
 * not synced the settings yet still classifies.
 */
import { useMemo } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import { parseChemicalThresholds, parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import type { ChemicalThresholds, NoiseThresholds } from '@/domain/result-thresholds';

export const NOISE_THRESHOLDS_OPTION = 'result_noise';
export const CHEMICAL_THRESHOLDS_OPTION = 'result_chemical';

/** Null while the local list loads. */
export function useNoiseThresholds(): NoiseThresholds | null {
  const settings = useLocalList('settings');
  const raw = settings.loading ? null : (settings.rows.find((row) => row.option === NOISE_THRESHOLDS_OPTION)?.value ?? '');
  return useMemo(() => (raw === null ? null : parseNoiseThresholds(raw)), [raw]);
}

/** The chemical risks, LQ and option lists; null while the local list loads. */
export function useChemicalThresholds(): ChemicalThresholds | null {
  const settings = useLocalList('settings');
  const raw = settings.loading ? null : (settings.rows.find((row) => row.option === CHEMICAL_THRESHOLDS_OPTION)?.value ?? '');
  return useMemo(() => (raw === null ? null : parseChemicalThresholds(raw)), [raw]);
}
