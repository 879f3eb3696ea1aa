/**
 * Stored result settings → typed thresholds (samples.md sections 3 and 9).
 *
 * The settings screen stores what users typed: numbers, strings with a comma
 * decimal ('0,5'), empty strings, or nothing at all for a setting never
 * saved; the value may also arrive as the JSON text of the option. This
 * parser is total: it never throws and never yields NaN.
 *
 * - a key that is absent takes the default (defaultResultThresholds), so a
 *   partially saved setting still works;
 * - a key present but empty ('' or null) means "no bound" (null), which is
 *   how level1 has no minimum;
 * - text that is not a number also becomes null. The validators
 *   (result-thresholds-validate.ts) stop such text at save time.
 */
import { parseDecimal } from './decimal';
import {
  defaultResultThresholds,
  type ChemicalRisk,
  type ChemicalThresholds,
  type NoiseLevel,
  type NoiseLevels,
  type NoiseThresholds,
  type OptionItem,
  type ResultThresholds,
} from './result-thresholds';

type Loose = Record<string, unknown>;

export const RISK_KEYS = ['risk1', 'risk2', 'risk3', 'risk4'] as const;
export const LEVEL_KEYS = ['level1', 'level2', 'level3', 'level4'] as const;
export const NOISE_NORM_KEYS = ['nho', 'nr15'] as const;
/** @public The option fields of an agent's result texts, for the screens that edit them. */
export const OPTION_KEYS = ['action_in_body', 'notion_skin', 'dispersal', 'ipvs', 'odor_limit', 'respirator'] as const;

export type RiskKey = (typeof RISK_KEYS)[number];
export type LevelKey = (typeof LEVEL_KEYS)[number];
/** @public */
export type NoiseNormKey = (typeof NOISE_NORM_KEYS)[number];

/** An object, or the JSON text of one; anything else → an empty object. */
export function asRecord(raw: unknown): Loose {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
}

/** A bound as stored: absent → fallback; '' or null → null; text → number or null. */
export function parseBound(record: Loose, key: string, fallback: number | null): number | null {
  if (!(key in record) || record[key] === undefined) return fallback;
  return parseDecimal(record[key]);
}

function parseText(record: Loose, key: string, fallback: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : fallback;
}

function parseOptions(raw: unknown, fallback: OptionItem[]): OptionItem[] {
  if (!Array.isArray(raw)) return fallback;
  return raw.flatMap((item): OptionItem[] => {
    if (typeof item === 'string') return [{ name: item }];
    const name = asRecord(item).name;
    return typeof name === 'string' ? [{ name }] : [];
  });
}

function parseRisk(raw: unknown, fallback: ChemicalRisk): ChemicalRisk {
  const record = asRecord(raw);
  return {
    min: parseBound(record, 'min', fallback.min),
    max: parseBound(record, 'max', fallback.max),
    conclusion: parseText(record, 'conclusion', fallback.conclusion),
    color: parseText(record, 'color', fallback.color),
  };
}

export function parseChemicalThresholds(raw: unknown): ChemicalThresholds {
  const defaults = defaultResultThresholds().chemical;
  const record = asRecord(raw);
  const risks = asRecord(record.risks);
  const lq = asRecord(record.lq);
  const options = asRecord(record.options);
  return {
    risks: {
      risk1: parseRisk(risks.risk1, defaults.risks.risk1),
      risk2: parseRisk(risks.risk2, defaults.risks.risk2),
      risk3: parseRisk(risks.risk3, defaults.risks.risk3),
      risk4: parseRisk(risks.risk4, defaults.risks.risk4),
    },
    lq: {
      conclusion: parseText(lq, 'conclusion', defaults.lq.conclusion),
      color: parseText(lq, 'color', defaults.lq.color),
    },
    options: {
      action_in_body: parseOptions(options.action_in_body, defaults.options.action_in_body),
      notion_skin: parseOptions(options.notion_skin, defaults.options.notion_skin),
      dispersal: parseOptions(options.dispersal, defaults.options.dispersal),
      ipvs: parseOptions(options.ipvs, defaults.options.ipvs),
      odor_limit: parseOptions(options.odor_limit, defaults.options.odor_limit),
      respirator: parseOptions(options.respirator, defaults.options.respirator),
    },
  };
}

function parseLevel(raw: unknown, fallback: NoiseLevel): NoiseLevel {
  const record = asRecord(raw);
  return {
    dailyDoseMin: parseBound(record, 'dailyDoseMin', fallback.dailyDoseMin),
    dailyDoseMax: parseBound(record, 'dailyDoseMax', fallback.dailyDoseMax),
    min: parseBound(record, 'min', fallback.min),
    max: parseBound(record, 'max', fallback.max),
    technicalConsiderations: parseText(record, 'technicalConsiderations', fallback.technicalConsiderations),
    recommendedAction: parseText(record, 'recommendedAction', fallback.recommendedAction),
    bgColor: parseText(record, 'bgColor', fallback.bgColor),
  };
}

function parseLevels(raw: unknown, fallback: NoiseLevels): NoiseLevels {
  const record = asRecord(raw);
  return {
    level1: parseLevel(record.level1, fallback.level1),
    level2: parseLevel(record.level2, fallback.level2),
    level3: parseLevel(record.level3, fallback.level3),
    level4: parseLevel(record.level4, fallback.level4),
  };
}

export function parseNoiseThresholds(raw: unknown): NoiseThresholds {
  const defaults = defaultResultThresholds().noise;
  const record = asRecord(raw);
  return { nho: parseLevels(record.nho, defaults.nho), nr15: parseLevels(record.nr15, defaults.nr15) };
}

/** Both settings at once: `{ chemical: <result_chemical>, noise: <result_noise> }`. */
export function parseResultThresholds(raw: { chemical?: unknown; noise?: unknown } | null | undefined): ResultThresholds {
  return { chemical: parseChemicalThresholds(raw?.chemical), noise: parseNoiseThresholds(raw?.noise) };
}
