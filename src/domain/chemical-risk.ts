/**
 * Risk level of a chemical result row and its classification texts
 * (samples.md section 4 "Chemical risk_level" and "LEO percentage";
 * calculations.md section 2). The bands are the settings' risk1..risk4,
 * seeded from the AIHA exposure categories (below 10 %, 10-50 %, 50-100 %,
 * above 100 % of the limit).
 *
 * - lq 'Abaixo' → level 'lq' with the lq settings' conclusion and colour;
 * - otherwise ratio = result / reference, reference = twa or mp (NR-15) by
 *   calculation_base, matched in order: min and max → min <= r < max; max
 *   only → r < max; min only → r >= min. A risk with neither bound matches
 *   nothing (the spec lists only those three cases);
 * - no data (no result, no reference, reference zero) or no match → '---'
 *   with the no-data colour.
 *
 * The result and the reference must be in the same unit (ppm or mg/m³);
 * chemical-sampling.ts converts between them.
 */
import { stable, roundTo, formatDecimal, parseDecimal } from './decimal';
import { NR_15_ANEXO_11 } from './criteria';
import { RISK_KEYS, type RiskKey } from './result-thresholds-parse';
import { NO_DATA_COLOR, type ChemicalRisk, type ChemicalThresholds } from './result-thresholds';

export const NO_RISK_LEVEL = '---';
export const LQ_BELOW = 'Abaixo';

/** Shown in the classification tab: one sample gives an indication, not a verdict. */
export const CHEMICAL_SINGLE_SAMPLE_NOTE =
  'Classificação indicativa: uma única amostra não caracteriza a exposição. Os índices seguem as categorias de exposição da AIHA.';

export type ChemicalRiskLevel = RiskKey | 'lq' | typeof NO_RISK_LEVEL;
export type CalculationBase = 'TWA' | 'NR-15';

export type ChemicalResultRow = {
  lq?: string | null;
  result?: unknown;
  twa?: unknown;
  mp?: unknown;
  calculation_base?: string | null;
};

export type ChemicalRiskCriterion = {
  /** Which limit the result was divided by. */
  basis: CalculationBase;
  /** The limit value used (twa or mp), null when missing. */
  reference: number | null;
  /** Where that limit comes from, for the report. */
  limitSource: string;
  bands: string;
};

export type ChemicalRiskResult = {
  /** The risk_level field: 'risk1'..'risk4', 'lq' or '---'. */
  level: ChemicalRiskLevel;
  conclusion: string;
  color: string;
  /** result / reference (the index), null for lq or no data. */
  ratio: number | null;
  criterion: ChemicalRiskCriterion;
};

/** calculation_base 'NR-15' divides by mp; anything else (TWA, empty) by twa. */
export function calculationBase(value: string | null | undefined): CalculationBase {
  return (value ?? '').trim().toUpperCase() === 'NR-15' ? 'NR-15' : 'TWA';
}

function criterionFor(basis: CalculationBase, reference: number | null): ChemicalRiskCriterion {
  return {
    basis,
    reference,
    limitSource: basis === 'NR-15' ? `${NR_15_ANEXO_11.norm} (LT)` : 'TWA',
    bands: 'Configurações > Resultados (categorias de exposição AIHA)',
  };
}

/** The spec's three cases; a risk with no bound at all matches nothing. */
export function riskContains(risk: Pick<ChemicalRisk, 'min' | 'max'>, ratio: number): boolean {
  const r = stable(ratio);
  const { min, max } = risk;
  if (min !== null && max !== null) return min <= r && r < max;
  if (max !== null) return r < max;
  if (min !== null) return r >= min;
  return false;
}

export function chemicalRiskLevel(row: ChemicalResultRow, thresholds: ChemicalThresholds): ChemicalRiskResult {
  const basis = calculationBase(row.calculation_base);
  const reference = parseDecimal(basis === 'NR-15' ? row.mp : row.twa);
  const criterion = criterionFor(basis, reference);
  if ((row.lq ?? '').trim().toLowerCase() === LQ_BELOW.toLowerCase()) {
    return { level: 'lq', conclusion: thresholds.lq.conclusion, color: thresholds.lq.color, ratio: null, criterion };
  }
  const result = parseDecimal(row.result);
  const noData = { level: NO_RISK_LEVEL, conclusion: '', color: NO_DATA_COLOR, ratio: null, criterion } as const;
  if (result === null || reference === null || reference <= 0 || result < 0) return noData;
  const ratio = result / reference;
  const key = RISK_KEYS.find((k) => riskContains(thresholds.risks[k], ratio));
  if (!key) return { ...noData, ratio };
  const risk = thresholds.risks[key];
  return { level: key, conclusion: risk.conclusion, color: risk.color, ratio, criterion };
}

/** LEO % = value × 100, rounded to two decimals (0.256 → 25.6). */
export function leoPercent(value: unknown): number | null {
  const v = parseDecimal(value);
  return v === null ? null : roundTo(v * 100, 2);
}

/** LEO % as shown: two decimals unless whole (0.256 → '25,60'; 0.5 → '50'). */
export function formatLeoPercent(value: unknown): string {
  const percent = leoPercent(value);
  if (percent === null) return '';
  return Number.isInteger(percent) ? String(percent) : formatDecimal(percent, 2);
}

/**
 * Re-evaluation frequency per risk, as full sentences. The "percent of the
 * limit" for risk2 and risk4 is risk2's minimum (10 % by default).
 */
export function chemicalFrequencyText(level: ChemicalRiskLevel, thresholds: ChemicalThresholds): string {
  const floor = thresholds.risks.risk2.min;
  const until = floor === null ? '' : `, até que a exposição fique abaixo de ${formatLeoPercent(floor)}% do limite de exposição`;
  switch (level) {
    case 'risk1':
      return 'Reavaliar quando houver mudança significativa no processo, nas condições de trabalho ou nas medidas de controle.';
    case 'risk2':
      return `Reavaliar a cada dois anos${until}.`;
    case 'risk3':
      return 'Reavaliar a cada seis meses.';
    case 'risk4':
      return `Reavaliar com frequência${until}.`;
    default:
      return '';
  }
}

export type ChemicalClassificationItem = {
  agent_chemical: string;
  index: string;
  leo: string;
  frequency: string;
};

export type ChemicalClassification = { recommendation: string; classifications: ChemicalClassificationItem[] };

/**
 * A classification line for one result row: index = the risk level,
 * leo = the ratio as %, frequency = the level's text.
 */
export function chemicalClassificationItem(agentName: string, row: ChemicalResultRow, thresholds: ChemicalThresholds): ChemicalClassificationItem {
  const risk = chemicalRiskLevel(row, thresholds);
  return {
    agent_chemical: agentName,
    index: risk.level,
    leo: risk.ratio === null ? '' : formatLeoPercent(risk.ratio),
    frequency: chemicalFrequencyText(risk.level, thresholds),
  };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function toItem(raw: unknown): ChemicalClassificationItem {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    agent_chemical: text(record.agent_chemical),
    index: text(record.index),
    leo: text(record.leo),
    frequency: text(record.frequency),
  };
}

/**
 * A stored chemical classification in the list form. The legacy form was a
 * single record ({ agent_chemical, index, leo, frequency, recommendation });
 * it becomes a one-item list. Anything unreadable gives an empty list.
 */
export function normaliseChemicalClassification(raw: unknown): ChemicalClassification {
  const record = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const recommendation = text(record.recommendation);
  if (Array.isArray(record.classifications)) {
    return { recommendation, classifications: record.classifications.map(toItem) };
  }
  const legacy = ['agent_chemical', 'index', 'leo', 'frequency'].some((key) => text(record[key]) !== '');
  return { recommendation, classifications: legacy ? [toItem(record)] : [] };
}
