/**
 * The Resultado blocks of a noise sample (nho and nr15) filled from what the
 * technician measured (calculations.md section 1), and the conclusion and
 * colour from Dose 8h (spec samples.md section 4). Pure: the tab calls it on
 * every keystroke and whenever the field memory or the thresholds change.
 *
 * Per block, the first source that is given wins:
 * 1. the measured dose (`result`, % over the measured time) → Dose 8h
 *    projected to the journey, NEN, TWA (the level over the journey, NE) and
 *    the average level over the measured time (Leq for NHO 01, q = 3; Lavg
 *    for NR 15, q = 5);
 * 2. else that average level as typed → the measured dose back from it, then
 *    as above;
 * 3. else nothing is computed and Dose 8h, NEN, TWA are typed by hand.
 * The measured time is the field memory's final − initial time minus the
 * interval; the journey is its `duration`, or the measured time when empty.
 * A computed field is read-only on screen; the conclusion and colour always
 * follow Dose 8h, computed or typed.
 *
 * Each block also keeps its `criterion` (calculations.md: "every computed
 * result records the criterion it used"): the norm, edition, q, criterion
 * level and threshold, where Dose 8h came from (the measured dose with the
 * times, the average level, or typed by the technician) and the version of
 * the thresholds its conclusion was picked with (thresholdsVersion); '' while
 * there is no Dose 8h.
 */
import type { NoiseMemory, NoiseResult, NoiseResultNorm } from './noise';
import { formatHHmm, minutesBetween, parseDurationHHmm } from '@/domain/dates';
import { formatDecimal, parseDecimal } from '@/domain/decimal';
import {
  describeNoiseCriterion,
  doseFromLavg,
  lavgFromDose,
  nenFromDose,
  neFromDose,
  noiseCriterion,
  projectDose,
  type NoiseCriterion,
} from '@/domain/noise';
import { noiseResultConclusion } from '@/domain/noise-levels';
import type { NoiseLevels, NoiseThresholds } from '@/domain/result-thresholds';
import type { LevelKey } from '@/domain/result-thresholds-parse';

export type NoiseNormKey = 'nho' | 'nr15';
export const NOISE_NORM_KEYS: readonly NoiseNormKey[] = ['nho', 'nr15'];

/** The average-level field of each block: Leq under NHO 01 (q = 3), Lavg under NR 15 (q = 5). */
export const AVERAGE_FIELD: Record<NoiseNormKey, 'leq' | 'lavg'> = { nho: 'leq', nr15: 'lavg' };

export function criterionOf(norm: NoiseNormKey): NoiseCriterion {
  return noiseCriterion(norm === 'nho' ? 'NHO 01' : 'NR-15');
}

export type NoiseTimes = { measuredMinutes: number | null; journeyMinutes: number | null };

/** Measured time (minus the interval when both its times are given) and journey, from the field memory. */
export function noiseTimes(
  memory: Pick<NoiseMemory, 'initial_time' | 'final_time' | 'interval_initial' | 'interval_final' | 'duration'>,
): NoiseTimes {
  const worked = minutesBetween(memory.initial_time, memory.final_time);
  const interval = minutesBetween(memory.interval_initial, memory.interval_final) ?? 0;
  const measuredMinutes = worked === null || worked - interval <= 0 ? null : worked - interval;
  const journeyMinutes = parseDurationHHmm(memory.duration) ?? measuredMinutes;
  return { measuredMinutes, journeyMinutes: journeyMinutes !== null && journeyMinutes > 0 ? journeyMinutes : null };
}

export type NoiseSource = 'dose' | 'level' | null;

export type FilledNoiseNorm = { block: NoiseResultNorm; source: NoiseSource; criterionText: string; level: LevelKey | null };

function measuredDoseOf(
  block: NoiseResultNorm,
  norm: NoiseNormKey,
  times: NoiseTimes,
  criterion: NoiseCriterion,
): { dose: number; source: NoiseSource } | null {
  const dose = parseDecimal(block.result);
  if (dose !== null && dose >= 0) return { dose, source: 'dose' };
  const level = parseDecimal(block[AVERAGE_FIELD[norm]]);
  if (level === null || times.measuredMinutes === null) return null;
  const back = doseFromLavg(level, times.measuredMinutes / 60, criterion);
  return back === null ? null : { dose: back, source: 'level' };
}

/** How the criterion line names where Dose 8h came from. */
export const NOISE_SOURCE_TEXTS: Record<'dose' | 'level' | 'typed', string> = {
  dose: 'Dose 8h calculada da dose medida',
  level: 'Dose 8h calculada do nível médio',
  typed: 'Dose 8h digitada pelo técnico',
};

/** FNV-1a (32 bits) of a text, as 8 hex digits: short, stable, the same on the device and the server. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** JSON with the keys of every object sorted, so the same values give the same text whatever built them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The version of one norm's levels of Settings > Resultados (Ruído, NHO or
 * NR15) as the criterion records it: FNV-1a of the levels as parsed
 * (parseNoiseThresholds; canonical JSON), 8 hex digits. It changes exactly
 * when a bound, text or colour of that norm's levels changes, and is the
 * same on the device (which has the parsed thresholds, not the setting's
 * `updated_at`) and on the server.
 */
export function thresholdsVersion(levels: NoiseLevels): string {
  return fnv1a(canonicalJson(levels));
}

/**
 * The criterion of a block's Dose 8h: 'NHO 01 (2001), q = 3, nível de
 * critério 85 dB(A), limiar 80 dB(A); Dose 8h calculada da dose medida
 * (tempo medido 05:00, jornada 08:00); limiares de conclusão 1a2b3c4d'.
 * '' without a Dose 8h.
 */
export function noiseCriterionLine(dose8: string, criterionText: string, source: NoiseSource, times: NoiseTimes, levels: NoiseLevels): string {
  if (dose8.trim() === '') return '';
  const timing = source === null ? '' : timesText(times);
  const origin = NOISE_SOURCE_TEXTS[source ?? 'typed'];
  return [criterionText, timing ? `${origin} (${timing})` : origin, `limiares de conclusão ${thresholdsVersion(levels)}`].join('; ');
}

export function fillNoiseNorm(block: NoiseResultNorm, norm: NoiseNormKey, times: NoiseTimes, levels: NoiseLevels): FilledNoiseNorm {
  const criterion = criterionOf(norm);
  let next = { ...block };
  let source: NoiseSource = null;
  const measured = measuredDoseOf(block, norm, times, criterion);
  if (measured && times.measuredMinutes !== null && times.journeyMinutes !== null) {
    const dose8 = projectDose(measured.dose, times.measuredMinutes, times.journeyMinutes);
    if (dose8 !== null) {
      source = measured.source;
      next = {
        ...next,
        dose8: formatDecimal(dose8, 1),
        nen: formatDecimal(nenFromDose(dose8, criterion), 1),
        twa: formatDecimal(neFromDose(dose8, times.journeyMinutes, criterion), 1),
      };
      if (source === 'dose') next[AVERAGE_FIELD[norm]] = formatDecimal(lavgFromDose(measured.dose, times.measuredMinutes / 60, criterion), 1);
    }
  }
  const { conclusion, bgColor, level } = noiseResultConclusion(next.dose8, levels);
  const criterionText = describeNoiseCriterion(criterion);
  const line = noiseCriterionLine(next.dose8, criterionText, source, times, levels);
  return { block: { ...next, conclusion, bgColor, criterion: line }, source, criterionText, level };
}

export function fillNoiseResult(result: NoiseResult, memory: NoiseMemory, thresholds: NoiseThresholds) {
  const times = noiseTimes(memory);
  const nho = fillNoiseNorm(result.nho, 'nho', times, thresholds.nho);
  const nr15 = fillNoiseNorm(result.nr15, 'nr15', times, thresholds.nr15);
  return { result: { ...result, nho: nho.block, nr15: nr15.block }, norms: { nho, nr15 }, times };
}

/** 'tempo medido 05:00, jornada 08:00' for the criterion line. */
export function timesText(times: NoiseTimes): string {
  const parts: string[] = [];
  if (times.measuredMinutes !== null) parts.push(`tempo medido ${formatHHmm(times.measuredMinutes)}`);
  if (times.journeyMinutes !== null) parts.push(`jornada ${formatHHmm(times.journeyMinutes)}`);
  return parts.join(', ');
}
