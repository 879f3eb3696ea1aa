/**
 * Validation of the Settings > Resultados form before it is saved
 * (samples.md section 5): every bound that is filled must be digits with an
 * optional decimal part after a dot or a comma. The messages are the spec's.
 * An empty bound is allowed: it means "no bound".
 */
import { asRecord, LEVEL_KEYS, NOISE_NORM_KEYS, RISK_KEYS } from './result-thresholds-parse';

export const CHEMICAL_THRESHOLDS_ERROR = 'Os campos de índice de risco precisam ser um número.';
export const NOISE_THRESHOLDS_ERROR = 'Os campos de Dose diária, NHO ou NR15 precisam ser um número.';

export const NOISE_BOUND_KEYS = ['dailyDoseMin', 'dailyDoseMax', 'min', 'max'] as const;

export type ThresholdsValidation = { valid: true; message: null; fields: [] } | { valid: false; message: string; fields: string[] };

const SETTINGS_NUMBER = /^\d+([.,]\d+)?$/;

/** Empty, or a number as the settings accept it ('0,5', '0.5', '100', 0.5). */
export function isSettingsNumber(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text === '' || SETTINGS_NUMBER.test(text);
}

function result(fields: string[], message: string): ThresholdsValidation {
  return fields.length === 0 ? { valid: true, message: null, fields: [] } : { valid: false, message, fields };
}

/** Checks risk1..risk4 min and max. `fields` names the offending paths ('risks.risk2.max'). */
export function validateChemicalThresholds(raw: unknown): ThresholdsValidation {
  const risks = asRecord(asRecord(raw).risks);
  const fields: string[] = [];
  for (const risk of RISK_KEYS) {
    const record = asRecord(risks[risk]);
    for (const bound of ['min', 'max'] as const) {
      if (!isSettingsNumber(record[bound])) fields.push(`risks.${risk}.${bound}`);
    }
  }
  return result(fields, CHEMICAL_THRESHOLDS_ERROR);
}

/** Checks dailyDoseMin, dailyDoseMax, min and max of every level of nho and nr15. */
export function validateNoiseThresholds(raw: unknown): ThresholdsValidation {
  const record = asRecord(raw);
  const fields: string[] = [];
  for (const norm of NOISE_NORM_KEYS) {
    const levels = asRecord(record[norm]);
    for (const level of LEVEL_KEYS) {
      const values = asRecord(levels[level]);
      for (const bound of NOISE_BOUND_KEYS) {
        if (!isSettingsNumber(values[bound])) fields.push(`${norm}.${level}.${bound}`);
      }
    }
  }
  return result(fields, NOISE_THRESHOLDS_ERROR);
}
