/**
 * Occupational noise figures (calculations.md section 1 "Norm formulas"):
 * Fundacentro NHO 01 (2001), exchange rate q = 3, and NR-15 Anexo 1
 * (Portaria MTb 3.214/1978), q = 5; criterion level 85 dB(A) for 480 min.
 *
 * Owns: allowed time per level (formula, or the NR-15 legal table as an
 * option), the dose of a day of exposures, the projection of a partial
 * dose, NE, NEN, Lavg and the conversions back to a dose. Every figure set
 * carries its criterion (norm, edition, q, method, threshold) so the report
 * can state it; NHO 01 and NR-15 can be computed for the same day.
 *
 * Choices left by the norms, as parameters:
 * - method: 'formula' (default) or 'tabela NR-15' (NR-15 only). The table
 *   uses the next higher listed level for an intermediate one and has
 *   nothing below 85 dB(A), so those levels add nothing.
 * - thresholdLevel: the integration threshold of the formula, default
 *   80 dB(A) for both norms (levels below it add nothing). With it the
 *   worked example of calculations.md (2 h @ 80 dB(A) counts 12.5 % under
 *   NR-15, day dose 145.7 %) holds.
 */
import { NHO_01, NR_15_ANEXO_1, citeNorm } from './criteria';
import { formatDecimal, parseDecimal } from './decimal';

export type NoiseNorm = 'NHO 01' | 'NR-15';
export type NoiseDoseMethod = 'formula' | 'tabela NR-15';

export const NOISE_CRITERION_LEVEL = 85;
export const NOISE_REFERENCE_MINUTES = 480;
export const DEFAULT_NOISE_THRESHOLD_LEVEL = 80;
/** Above this level no unprotected exposure is allowed (NR-15 Anexo 1, items 7 and 8). */
export const NOISE_CEILING_LEVEL = 115;
/** @public For the noise tab: the warning above the ceiling. */
export const NOISE_CEILING_MESSAGE = 'Nível acima de 115 dB(A): exposição não permitida sem proteção adequada (risco grave e iminente).';

export type NoiseCriterion = {
  norm: string;
  edition: string;
  q: 3 | 5;
  criterionLevel: number;
  referenceMinutes: number;
  /** Integration threshold of the formula, dB(A); null counts every level. */
  thresholdLevel: number | null;
  method: NoiseDoseMethod;
  /** Factor of the level-dose logarithms: 10 for q = 3, 16.61 for q = 5. */
  logFactor: number;
};

export type NoiseCriterionOptions = { method?: NoiseDoseMethod; thresholdLevel?: number | null };

export function noiseCriterion(norm: NoiseNorm, options: NoiseCriterionOptions = {}): NoiseCriterion {
  const thresholdLevel = options.thresholdLevel === undefined ? DEFAULT_NOISE_THRESHOLD_LEVEL : options.thresholdLevel;
  const base = { criterionLevel: NOISE_CRITERION_LEVEL, referenceMinutes: NOISE_REFERENCE_MINUTES, thresholdLevel };
  if (norm === 'NHO 01') {
    return { ...base, norm: NHO_01.norm, edition: NHO_01.edition, q: 3, method: 'formula', logFactor: 10 };
  }
  return {
    ...base,
    norm: NR_15_ANEXO_1.norm,
    edition: NR_15_ANEXO_1.edition,
    q: 5,
    method: options.method ?? 'formula',
    logFactor: 16.61,
  };
}

/** 'NHO 01 (2001), q = 3, nível de critério 85 dB(A), limiar 80 dB(A)'. */
export function describeNoiseCriterion(criterion: NoiseCriterion): string {
  const cite = citeNorm({ norm: criterion.norm, edition: criterion.edition, publisher: '' });
  const parts = [cite, `q = ${criterion.q}`, `nível de critério ${criterion.criterionLevel} dB(A)`];
  if (criterion.method === 'tabela NR-15') parts.push('tabela NR-15');
  else if (criterion.thresholdLevel !== null) parts.push(`limiar ${formatDecimal(criterion.thresholdLevel, 1, { trimZeros: true })} dB(A)`);
  return parts.join(', ');
}

/** NR-15 Anexo 1, maximum daily exposure per level: [dB(A), minutes]. */
export const NR15_TABLE: ReadonlyArray<readonly [number, number]> = [
  [85, 480],
  [86, 420],
  [87, 360],
  [88, 300],
  [89, 270],
  [90, 240],
  [91, 210],
  [92, 180],
  [93, 160],
  [94, 135],
  [95, 120],
  [96, 105],
  [98, 75],
  [100, 60],
  [102, 45],
  [104, 35],
  [105, 30],
  [106, 25],
  [108, 20],
  [110, 15],
  [112, 10],
  [114, 8],
  [115, 7],
];

/**
 * Allowed minutes by the NR-15 table: the listed level, or the next higher
 * one for an intermediate level (NR-15 forbids interpolation). Below 85 →
 * Infinity (no limit, adds nothing); above 115 → null (not allowed at all).
 */
export function nr15TableMinutes(level: number): number | null {
  if (level < NOISE_CRITERION_LEVEL) return Infinity;
  const row = NR15_TABLE.find(([listed]) => listed >= level);
  return row ? row[1] : null;
}

/** Tp = 480 / 2^((L − 85) / q) minutes. */
export function allowedMinutesFormula(level: number, q: 3 | 5): number {
  return NOISE_REFERENCE_MINUTES / 2 ** ((level - NOISE_CRITERION_LEVEL) / q);
}

/**
 * Allowed minutes at a level under a criterion: Infinity when the level adds
 * nothing (below the threshold, or below 85 in the table), null when the
 * table allows no exposure (above 115 dB(A)).
 */
export function allowedMinutes(level: number, criterion: NoiseCriterion): number | null {
  if (criterion.method === 'tabela NR-15') return nr15TableMinutes(level);
  if (criterion.thresholdLevel !== null && level < criterion.thresholdLevel) return Infinity;
  return allowedMinutesFormula(level, criterion.q);
}

export type NoiseExposure = { minutes: number | string | null | undefined; level: number | string | null | undefined };

export type NoiseDose = {
  /** Dose in % of the daily dose; null when it cannot be computed. */
  value: number | null;
  criterion: NoiseCriterion;
  /** Sum of the exposure minutes (the journey TE). */
  minutes: number;
  /** Some level is above 115 dB(A): see NOISE_CEILING_MESSAGE. */
  aboveCeiling: boolean;
};

type ParsedExposure = { minutes: number; level: number };

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * Rows as typed: fully empty rows (a list always keeps one) are skipped; a
 * row with a missing or invalid figure makes the whole day unknown (null),
 * so a half-typed row never shows a wrong dose.
 */
function parseExposures(exposures: NoiseExposure[]): ParsedExposure[] | null {
  const parsed: ParsedExposure[] = [];
  for (const row of exposures) {
    const minutes = parseDecimal(row.minutes);
    const level = parseDecimal(row.level);
    if (blank(row.minutes) && blank(row.level)) continue;
    if (minutes === null || level === null || minutes < 0 || level < 0) return null;
    parsed.push({ minutes, level });
  }
  return parsed.length > 0 ? parsed : null;
}

/** D% = 100 × Σ C_n / Tp(L_n). */
export function noiseDose(exposures: NoiseExposure[], criterion: NoiseCriterion): NoiseDose {
  const rows = parseExposures(exposures);
  if (rows === null) return { value: null, criterion, minutes: 0, aboveCeiling: false };
  const minutes = rows.reduce((sum, row) => sum + row.minutes, 0);
  const aboveCeiling = rows.some((row) => row.level > NOISE_CEILING_LEVEL);
  let fraction = 0;
  for (const row of rows) {
    const tp = allowedMinutes(row.level, criterion);
    if (tp === null) return { value: null, criterion, minutes, aboveCeiling };
    fraction += row.minutes / tp;
  }
  return { value: 100 * fraction, criterion, minutes, aboveCeiling };
}

function positive(...values: Array<number | null | undefined>): boolean {
  return values.every((v) => v !== null && v !== undefined && Number.isFinite(v) && v > 0);
}

/**
 * Projects a dose measured over part of the journey to the whole journey:
 * D = D_m × TE / T_m (valid for a constant exposure).
 */
export function projectDose(measuredDose: number, measuredMinutes: number, journeyMinutes: number): number | null {
  if (!positive(measuredMinutes, journeyMinutes) || !Number.isFinite(measuredDose) || measuredDose < 0) return null;
  return (measuredDose * journeyMinutes) / measuredMinutes;
}

/** NE = 85 + k·log10((480 / TE) × D / 100), k = 10 (q = 3) or 16.61 (q = 5). */
export function neFromDose(dose: number, minutes: number, criterion: NoiseCriterion): number | null {
  if (!positive(dose, minutes)) return null;
  return NOISE_CRITERION_LEVEL + criterion.logFactor * Math.log10((NOISE_REFERENCE_MINUTES / minutes) * (dose / 100));
}

/** NEN = 85 + k·log10(D / 100). */
export function nenFromDose(dose: number, criterion: NoiseCriterion): number | null {
  if (!positive(dose)) return null;
  return NOISE_CRITERION_LEVEL + criterion.logFactor * Math.log10(dose / 100);
}

/** NEN = NE + k·log10(TE / 480). */
export function nenFromNe(ne: number, minutes: number, criterion: NoiseCriterion): number | null {
  if (!Number.isFinite(ne) || !positive(minutes)) return null;
  return ne + criterion.logFactor * Math.log10(minutes / NOISE_REFERENCE_MINUTES);
}

/**
 * Average level of a dose D% measured over T_h hours. q = 5 (NR-15 style):
 * Lavg = 80 + 16.61·log10(0.16 × D / T_h); q = 3: the NHO 01 NE over that time.
 */
export function lavgFromDose(dose: number, hours: number, criterion: NoiseCriterion): number | null {
  if (!positive(dose, hours)) return null;
  if (criterion.q === 5) return 80 + 16.61 * Math.log10((0.16 * dose) / hours);
  return neFromDose(dose, hours * 60, criterion);
}

/** Back from NEN: D = 100 × 10^((NEN − 85) / k) (NHO 01: k = 10). */
export function doseFromNen(nen: number, criterion: NoiseCriterion): number | null {
  if (!Number.isFinite(nen)) return null;
  return 100 * 10 ** ((nen - NOISE_CRITERION_LEVEL) / criterion.logFactor);
}

/**
 * Back from Lavg over T_h hours. q = 5: D = 100 × (T_h / 8) × 2^((Lavg − 85) / 5);
 * q = 3: D = 100 × (T_h / 8) × 10^((Lavg − 85) / 10).
 */
export function doseFromLavg(lavg: number, hours: number, criterion: NoiseCriterion): number | null {
  if (!Number.isFinite(lavg) || !positive(hours)) return null;
  const growth = criterion.q === 5 ? 2 ** ((lavg - 85) / 5) : 10 ** ((lavg - 85) / 10);
  return 100 * (hours / 8) * growth;
}

/** The figures of a Resultado block (nho or nr15), with their criterion. */
export type NoiseFigures = {
  /** Daily dose over the journey, % (the dose8 field). */
  dose: number;
  ne: number | null;
  nen: number | null;
  lavg: number | null;
  journeyMinutes: number;
  criterion: NoiseCriterion;
  aboveCeiling: boolean;
};

export type DosimeterReading = {
  measuredDose: number | string | null | undefined;
  measuredMinutes: number | string | null | undefined;
  /** Journey TE in minutes; missing → the measured time (no projection). */
  journeyMinutes?: number | string | null;
};

/**
 * A dosimeter reading (dose D_m over T_m minutes) → dose of the journey,
 * NE over the journey, NEN, and Lavg over the measured time.
 * Example (NHO 01): 80 % in 300 min, journey 480 → D 128 %, NEN 86.1 dB(A).
 */
export function noiseFromDosimeter(reading: DosimeterReading, criterion: NoiseCriterion): NoiseFigures | null {
  const measuredDose = parseDecimal(reading.measuredDose);
  const measuredMinutes = parseDecimal(reading.measuredMinutes);
  const journeyMinutes = parseDecimal(reading.journeyMinutes) ?? measuredMinutes;
  if (measuredDose === null || measuredMinutes === null || journeyMinutes === null) return null;
  const dose = projectDose(measuredDose, measuredMinutes, journeyMinutes);
  if (dose === null) return null;
  return {
    dose,
    ne: neFromDose(dose, journeyMinutes, criterion),
    nen: nenFromDose(dose, criterion),
    lavg: lavgFromDose(measuredDose, measuredMinutes / 60, criterion),
    journeyMinutes,
    criterion,
    aboveCeiling: false,
  };
}

/**
 * A day of exposures (C_n minutes at L_n) → dose, NE, NEN and Lavg over the
 * day. Example: 4 h @ 88, 2 h @ 91, 2 h @ 80 dB(A) → NHO 01 D 207.9 %,
 * NEN 88.2; NR-15 formula D 145.7 %, Lavg 87.7.
 */
export function noiseFromExposures(exposures: NoiseExposure[], criterion: NoiseCriterion): NoiseFigures | null {
  const dose = noiseDose(exposures, criterion);
  if (dose.value === null || dose.minutes <= 0) return null;
  return {
    dose: dose.value,
    ne: neFromDose(dose.value, dose.minutes, criterion),
    nen: nenFromDose(dose.value, criterion),
    lavg: lavgFromDose(dose.value, dose.minutes / 60, criterion),
    journeyMinutes: dose.minutes,
    criterion,
    aboveCeiling: dose.aboveCeiling,
  };
}

/** Both criteria for the same day, as the report must be able to show them. */
export function noiseBothCriteria(
  exposures: NoiseExposure[],
  options: { nr15Method?: NoiseDoseMethod; thresholdLevel?: number | null } = {},
): { nho: NoiseFigures | null; nr15: NoiseFigures | null } {
  const threshold = options.thresholdLevel === undefined ? {} : { thresholdLevel: options.thresholdLevel };
  return {
    nho: noiseFromExposures(exposures, noiseCriterion('NHO 01', threshold)),
    nr15: noiseFromExposures(exposures, noiseCriterion('NR-15', { ...threshold, method: options.nr15Method ?? 'formula' })),
  };
}
