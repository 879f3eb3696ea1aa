/**
 * Chemical sampling figures (calculations.md section 2 "Norm formulas"):
 * pump flow check, sampled volume, concentration from the laboratory mass,
 * ppm <-> mg/m³ at 25 °C and 1 atm, time-weighted averages, and the NR-15
 * Anexo 11 (Portaria MTb 3.214/1978) maximum value with its deviation factor.
 *
 * Choices left open, as parameters with defaults:
 * - flow tolerance: ±5 % (a setting); a larger drift makes the sample
 *   'invalid' by default (the usual practice for pumps calibrated before and
 *   after sampling), or 'review' to keep it with the mean flow and flag it;
 * - molar volume: 24.45 L/mol (25 °C, 1 atm); molarVolume() gives it for
 *   other conditions;
 * - 8-hour TWA: unsampled time counts as zero exposure by default, or at the
 *   sampled average ('sampled-average'); the result states the assumption.
 */
import { NR_15_ANEXO_11, type NormReference } from './criteria';
import { stable } from './decimal';

export const DEFAULT_FLOW_TOLERANCE_PERCENT = 5;
export const MOLAR_VOLUME_25C = 24.45;
export const TWA_REFERENCE_MINUTES = 480;

function finite(...values: number[]): boolean {
  return values.every((v) => Number.isFinite(v));
}

/** Q = (Q_initial + Q_final) / 2, L/min. */
export function meanFlow(initialFlow: number, finalFlow: number): number | null {
  if (!finite(initialFlow, finalFlow) || initialFlow < 0 || finalFlow < 0) return null;
  return (initialFlow + finalFlow) / 2;
}

export type FlowDriftAction = 'invalid' | 'review';

export type FlowCheck = {
  /** 100 × (Q_final − Q_initial) / Q_initial: the validation tab's variation. */
  variationPercent: number;
  tolerancePercent: number;
  withinTolerance: boolean;
  /** 'valid' inside the tolerance, otherwise the chosen drift action. */
  outcome: 'valid' | FlowDriftAction;
};

/**
 * Pump flow check from varification_initial / varification_final. Valid when
 * |variation| <= tolerance (the boundary itself is valid: 1.00 → 0.95 is
 * −5 %, inside).
 */
export function flowCheck(
  initialFlow: number,
  finalFlow: number,
  options: { tolerancePercent?: number; onDrift?: FlowDriftAction } = {},
): FlowCheck | null {
  if (!finite(initialFlow, finalFlow) || initialFlow <= 0 || finalFlow < 0) return null;
  const tolerancePercent = options.tolerancePercent ?? DEFAULT_FLOW_TOLERANCE_PERCENT;
  const variationPercent = stable((100 * (finalFlow - initialFlow)) / initialFlow);
  const withinTolerance = Math.abs(variationPercent) <= tolerancePercent;
  return { variationPercent, tolerancePercent, withinTolerance, outcome: withinTolerance ? 'valid' : (options.onDrift ?? 'invalid') };
}

/** V = Q × t, litres. */
export function sampledVolume(flowLitresPerMinute: number, minutes: number): number | null {
  if (!finite(flowLitresPerMinute, minutes) || flowLitresPerMinute < 0 || minutes < 0) return null;
  return flowLitresPerMinute * minutes;
}

export type MassConcentration = {
  /** mg/m³ (µg/L is the same unit). */
  value: number;
  /** The blank weighed more than the sample: the net mass is taken as zero. */
  blankExceedsSample: boolean;
};

/** C (mg/m³) = (m_sample − m_blank) µg / V L. */
export function concentrationFromMass(sampleMicrograms: number, blankMicrograms: number, volumeLitres: number): MassConcentration | null {
  if (!finite(sampleMicrograms, blankMicrograms, volumeLitres) || volumeLitres <= 0 || sampleMicrograms < 0) return null;
  const net = sampleMicrograms - Math.max(0, blankMicrograms);
  return { value: Math.max(0, net) / volumeLitres, blankExceedsSample: net < 0 };
}

/** Molar volume of an ideal gas, L/mol, at a temperature (°C) and pressure (kPa). */
export function molarVolume(temperatureCelsius: number, pressureKPa = 101.325): number | null {
  if (!finite(temperatureCelsius, pressureKPa) || pressureKPa <= 0 || temperatureCelsius <= -273.15) return null;
  return (22.414 * ((temperatureCelsius + 273.15) / 273.15) * 101.325) / pressureKPa;
}

/** mg/m³ = ppm × MW / 24.45 (or the given molar volume). */
export function ppmToMgM3(ppm: number, molecularWeight: number, molarVolumeLitres = MOLAR_VOLUME_25C): number | null {
  if (!finite(ppm, molecularWeight, molarVolumeLitres) || molecularWeight <= 0 || molarVolumeLitres <= 0) return null;
  return (ppm * molecularWeight) / molarVolumeLitres;
}

/** ppm = mg/m³ × 24.45 / MW. */
export function mgM3ToPpm(mgM3: number, molecularWeight: number, molarVolumeLitres = MOLAR_VOLUME_25C): number | null {
  if (!finite(mgM3, molecularWeight, molarVolumeLitres) || molecularWeight <= 0 || molarVolumeLitres <= 0) return null;
  return (mgM3 * molarVolumeLitres) / molecularWeight;
}

export type TimedConcentration = { concentration: number; minutes: number };

function validSamples(samples: TimedConcentration[]): boolean {
  return (
    samples.length > 0 &&
    samples.every((s) => finite(s.concentration, s.minutes) && s.concentration >= 0 && s.minutes >= 0) &&
    samples.some((s) => s.minutes > 0)
  );
}

/** TWA of consecutive samples: Σ C_i t_i / Σ t_i. */
export function twa(samples: TimedConcentration[]): number | null {
  if (!validSamples(samples)) return null;
  const weighted = samples.reduce((sum, s) => sum + s.concentration * s.minutes, 0);
  const minutes = samples.reduce((sum, s) => sum + s.minutes, 0);
  return weighted / minutes;
}

export type UnsampledTimeAssumption = 'zero' | 'sampled-average';

export type Twa8h = {
  value: number;
  sampledMinutes: number;
  unsampledMinutes: number;
  assumption: UnsampledTimeAssumption;
  /** The assumption as the report prints it. */
  statement: string;
};

/**
 * 8-hour TWA: Σ C_i t_i / 480. With 'zero' the unsampled part of the 480
 * minutes counts as no exposure; with 'sampled-average' it counts at the
 * sampled TWA. Sampling longer than 480 minutes is divided by 480 as well
 * (the whole day's exposure expressed as an 8-hour equivalent).
 */
export function twa8h(samples: TimedConcentration[], assumption: UnsampledTimeAssumption = 'zero'): Twa8h | null {
  const average = twa(samples);
  if (average === null) return null;
  const sampledMinutes = samples.reduce((sum, s) => sum + s.minutes, 0);
  const unsampledMinutes = Math.max(0, TWA_REFERENCE_MINUTES - sampledMinutes);
  const weighted = average * sampledMinutes + (assumption === 'sampled-average' ? average * unsampledMinutes : 0);
  const statement =
    unsampledMinutes === 0
      ? 'Amostragem cobre toda a jornada de 480 minutos.'
      : assumption === 'zero'
        ? `Tempo não amostrado (${unsampledMinutes} min) considerado sem exposição.`
        : `Tempo não amostrado (${unsampledMinutes} min) considerado com a mesma concentração média amostrada.`;
  return { value: weighted / TWA_REFERENCE_MINUTES, sampledMinutes, unsampledMinutes, assumption, statement };
}

/**
 * NR-15 Anexo 11 deviation factor by the LT (ppm or mg/m³): 0 to 1 → 3;
 * above 1 to 10 → 2; above 10 to 100 → 1.5; above 100 to 1000 → 1.25;
 * above 1000 → 1.1 (each upper bound belongs to its row).
 */
export function nr15DeviationFactor(limit: number): number | null {
  if (!Number.isFinite(limit) || limit < 0) return null;
  if (limit <= 1) return 3;
  if (limit <= 10) return 2;
  if (limit <= 100) return 1.5;
  if (limit <= 1000) return 1.25;
  return 1.1;
}

export type Nr15Assessment = {
  limit: number;
  deviationFactor: number;
  /** Valor máximo = LT × FD. */
  maximumValue: number;
  /** Arithmetic mean of the samples, null without samples. */
  mean: number | null;
  /** The mean exceeds the LT. */
  limitExceeded: boolean;
  /** Some single sample exceeds the maximum value: "risco grave e iminente". */
  graveAndImminent: boolean;
  criterion: NormReference;
};

/** @public For the sample screens and the report (the flag's text). */
export const GRAVE_AND_IMMINENT = 'risco grave e iminente';

/** NR-15 Anexo 11 assessment of samples against an LT. */
export function nr15Assessment(limit: number, samples: number[] = []): Nr15Assessment | null {
  const deviationFactor = nr15DeviationFactor(limit);
  if (deviationFactor === null || !samples.every((s) => Number.isFinite(s) && s >= 0)) return null;
  const maximumValue = stable(limit * deviationFactor);
  const mean = samples.length > 0 ? samples.reduce((a, b) => a + b, 0) / samples.length : null;
  return {
    limit,
    deviationFactor,
    maximumValue,
    mean,
    limitExceeded: mean !== null && stable(mean) > limit,
    graveAndImminent: samples.some((s) => s > maximumValue),
    criterion: NR_15_ANEXO_11,
  };
}
