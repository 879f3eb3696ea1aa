/**
 * The chemical figures of one row or one block, as the tabs call them while
 * the technician types and the derivation (chemical-derive.ts) runs them on
 * every save (calculations.md section 2; the arithmetic is src/domain's
 * chemical-times.ts, chemical-risk.ts and chemical-sampling.ts):
 *
 * - an agent row's total time and volume (`agentRowFigures` on a stored
 *   row, `editAgentRow` as a field is typed), each kept when typed over on
 *   purpose (the row's `typed`, heat's rule);
 * - a result row's NR-15 deviation factor and maximum value, its risk level,
 *   conclusion, colour and the criterion that produced them (`fillResultRow`);
 * - a classification item from its result row (`classificationFigures`);
 * - the validation's flow variation against the tolerance (`fillValidation`);
 * - the technician's aids, computed on screen only: ppm ↔ mg/m³ at 25 °C
 *   (`convertedResult`) and the TWA of an agent's periods over the journey
 *   (`journeyTwas`).
 *
 * Pure; numbers come and go as text with a comma, never NaN.
 */
import { formatHHmm, parseDurationHHmm } from '@/domain/dates';
import { formatDecimal, parseDecimal, stable } from '@/domain/decimal';
import {
  chemicalFrequencyText,
  chemicalRiskLevel,
  formatLeoPercent,
  LQ_BELOW,
  NO_RISK_LEVEL,
  type ChemicalRiskLevel,
  type ChemicalRiskResult,
} from '@/domain/chemical-risk';
import { agentTotalMinutes, agentVolumeLitres, type AgentRowTimes } from '@/domain/chemical-times';
import {
  DEFAULT_FLOW_TOLERANCE_PERCENT,
  flowCheck,
  meanFlow,
  MOLAR_VOLUME_25C,
  mgM3ToPpm,
  nr15DeviationFactor,
  ppmToMgM3,
  twa,
  twa8h,
} from '@/domain/chemical-sampling';
import { citeNorm, NR_15_ANEXO_11 } from '@/domain/criteria';
import { RISK_KEYS } from '@/domain/result-thresholds-parse';
import type { ChemicalThresholds } from '@/domain/result-thresholds';
import type { AgentRowFigure, ChemicalAgentRow, ChemicalResultRow, ChemicalValidation } from './chemical';

/**
 * The flow check's tolerance, %. Settings > Resultados has no field for it
 * (the spec names it a setting but gives none): the domain's default, one
 * constant here so the device, the server and the report agree
 * (docs/decisions/samples-chemical.md).
 */
export const CHEMICAL_FLOW_TOLERANCE_PERCENT = DEFAULT_FLOW_TOLERANCE_PERCENT;

/** The risk levels by their labels (settings' risk1..risk4 names, spec section 3): what a screen and the report print. */
export const RISK_LEVEL_LABELS: Readonly<Record<ChemicalRiskLevel, string>> = {
  risk1: 'Baixo',
  risk2: 'Médio',
  risk3: 'Médio-alto',
  risk4: 'Alto',
  lq: 'Abaixo do LQ',
  [NO_RISK_LEVEL]: NO_RISK_LEVEL,
};

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const blank = (value: unknown): boolean => textOf(value).trim() === '';
/** A figure as shown: up to `decimals` places, trailing zeros dropped ('236,4', '360'). */
const shown = (value: number | null, decimals = 2) => formatDecimal(value, decimals, { trimZeros: true });

/* ---------- agent rows (Memória de campo) ---------- */

type StoredRow = Record<string, unknown>;

function typedOf(row: StoredRow): readonly unknown[] {
  return Array.isArray(row.typed) ? row.typed : [];
}

/** The volume in litres as text: pump flow × total time ('' when either is missing). */
export function volumeText(pumpFlow: string, totalTime: string): string {
  return shown(agentVolumeLitres(pumpFlow, totalTime));
}

/**
 * A stored agent row's total time and volume by the rule: computed from
 * the times (and flow), unless typed over on purpose (the row's `typed`)
 * or nothing they come from is typed (then what the row has is kept, so a
 * value saved before the marks existed is never wiped).
 */
export function agentRowFigures(row: StoredRow): Record<AgentRowFigure, string> {
  const typed = typedOf(row);
  const times = [row.initial, row.final, row.interval_initial, row.interval_final];
  const keepTime = typed.includes('total_time') || times.every(blank);
  const total_time = keepTime ? textOf(row.total_time) : formatHHmm(agentTotalMinutes(row as AgentRowTimes));
  // As for the total time: kept when nothing it comes from was typed (no flow, no times, a total not typed over).
  const keepVolume = typed.includes('volume') || (blank(row.pump_flow) && times.every(blank) && !typed.includes('total_time'));
  return { total_time, volume: keepVolume ? textOf(row.volume) : volumeText(textOf(row.pump_flow), total_time) };
}

const TIME_FIELDS: ReadonlyArray<keyof ChemicalAgentRow> = ['initial', 'final', 'interval_initial', 'interval_final'];

/**
 * One field of an agent row typed: the total time follows the times, the
 * volume the flow and the total time. Typing a figure over marks it in
 * `typed` ('Digitado pelo técnico'); clearing it, or typing what it comes
 * from again, gives it back to the calculation.
 */
export function editAgentRow(row: ChemicalAgentRow, field: keyof ChemicalAgentRow, text: string): ChemicalAgentRow {
  const next = { ...row, [field]: text } as ChemicalAgentRow;
  const marks = new Set<AgentRowFigure>(row.typed ?? []);
  if (field === 'total_time' || field === 'volume') {
    if (text.trim() === '') marks.delete(field);
    else marks.add(field);
  }
  if (TIME_FIELDS.includes(field)) marks.delete('total_time');
  if (field === 'pump_flow' || TIME_FIELDS.includes(field)) marks.delete('volume');
  if (!marks.has('total_time')) next.total_time = formatHHmm(agentTotalMinutes(next));
  if (!marks.has('volume')) next.volume = volumeText(next.pump_flow, next.total_time);
  next.typed = (['total_time', 'volume'] as const).filter((figure) => marks.has(figure));
  return next;
}

/* ---------- result rows (Resultado) ---------- */

function rangeText(min: number | null, max: number | null): string {
  const n = (value: number) => shown(value, 3);
  if (min === null && max === null) return 'qualquer índice';
  if (min === null) return `índice < ${n(max!)}`;
  if (max === null) return `índice ≥ ${n(min)}`;
  return `${n(min)} ≤ índice < ${n(max)}`;
}

/** 'faixa Médio (0,1 ≤ índice < 0,5) de Configurações > Resultados (categorias de exposição AIHA)'. */
function bandText(risk: ChemicalRiskResult, thresholds: ChemicalThresholds): string {
  const key = RISK_KEYS.find((candidate) => candidate === risk.level);
  if (!key) return 'fora das faixas de Configurações > Resultados';
  const band = thresholds.risks[key];
  return `faixa ${RISK_LEVEL_LABELS[key]} (${rangeText(band.min, band.max)}) de ${risk.criterion.bands}`;
}

/** The deviation factor of a row: NR-15's for its LT (mp), unless typed over or there is no LT. */
function deviationFactorOf(row: ChemicalResultRow): string {
  const limit = parseDecimal(row.mp);
  if (row.typed.includes('deviation_factor') || limit === null) return row.deviation_factor;
  return shown(nr15DeviationFactor(limit));
}

/** The maximum value LT × FD, '' without both. */
function maxValueOf(mp: string, deviationFactor: string): number | null {
  const limit = parseDecimal(mp);
  const factor = parseDecimal(deviationFactor);
  return limit === null || factor === null || limit < 0 || factor < 0 ? null : stable(limit * factor);
}

export const GRAVE_AND_IMMINENT_TEXT = 'resultado acima do valor máximo: risco grave e iminente';

/** A result above the NR-15 maximum value (same unit), not below the LQ. */
export function isGraveAndImminent(row: Pick<ChemicalResultRow, 'lq' | 'result' | 'max_value'>): boolean {
  const result = parseDecimal(row.result);
  const max = parseDecimal(row.max_value);
  return row.lq !== LQ_BELOW && result !== null && max !== null && result > max;
}

/** The criterion of a row's figures, in one paragraph ('' without any figure). */
function resultCriterion(row: ChemicalResultRow, risk: ChemicalRiskResult, thresholds: ChemicalThresholds): string {
  const parts: string[] = [];
  const unit = row.unity ? ` ${row.unity}` : '';
  if (risk.level === 'lq') parts.push('Resultado abaixo do limite de quantificação: conclusão de Configurações > Resultados (LQ)');
  else if (risk.ratio !== null) {
    const reference = risk.criterion.basis === 'NR-15' ? 'LT da NR-15' : 'TWA';
    parts.push(
      `Índice = resultado / ${reference} = ${shown(parseDecimal(row.result), 4)} / ${shown(risk.criterion.reference, 4)} = ${shown(risk.ratio, 3)}; ${bandText(risk, thresholds)}`,
    );
  }
  const max = parseDecimal(row.max_value);
  if (max !== null) {
    const source = row.typed.includes('deviation_factor') ? 'FD digitado pelo técnico' : 'FD pela tabela do anexo';
    const grave = isGraveAndImminent(row) ? `; ${GRAVE_AND_IMMINENT_TEXT}` : '';
    parts.push(
      `${citeNorm(NR_15_ANEXO_11)}: valor máximo = LT × FD = ${row.mp} × ${row.deviation_factor} = ${shown(max, 4)}${unit} (${source})${grave}`,
    );
  }
  return parts.join('. ');
}

/** A result row with its figures up to date: deviation factor, maximum value, risk level, conclusion, colour, criterion. */
export function fillResultRow(row: ChemicalResultRow, thresholds: ChemicalThresholds): ChemicalResultRow {
  const deviation_factor = deviationFactorOf(row);
  const max_value = shown(maxValueOf(row.mp, deviation_factor), 4);
  const risk = chemicalRiskLevel(row, thresholds);
  const next = { ...row, deviation_factor, max_value, risk_level: risk.level, conclusion: risk.conclusion, bg_color: risk.color };
  return { ...next, criterion: resultCriterion(next, risk, thresholds) };
}

/**
 * One field of a result row typed: typing the deviation factor over marks
 * it; clearing it, or typing the LT again, gives it back to NR-15's table.
 */
export function editResultRow(
  row: ChemicalResultRow,
  field: keyof ChemicalResultRow,
  text: string,
  thresholds: ChemicalThresholds,
): ChemicalResultRow {
  const next = { ...row, [field]: text } as ChemicalResultRow;
  if (field === 'deviation_factor') next.typed = text.trim() === '' ? [] : ['deviation_factor'];
  if (field === 'mp') next.typed = [];
  return fillResultRow(next, thresholds);
}

/* ---------- the technician's aids (screen only) ---------- */

export interface Conversion {
  /** The result in the other unit, as shown ('75,36'). */
  value: string;
  unit: 'ppm' | 'mg/m³';
  criterion: string;
}

/** The result in the other unit from the molar mass at 25 °C and 1 atm; null without result, unit or molar mass. */
export function convertedResult(row: Pick<ChemicalResultRow, 'result' | 'unity' | 'molar_mass'>): Conversion | null {
  const value = parseDecimal(row.result);
  const mass = parseDecimal(row.molar_mass);
  if (value === null || mass === null || row.unity === '') return null;
  const toMg = row.unity === 'ppm';
  const converted = toMg ? ppmToMgM3(value, mass) : mgM3ToPpm(value, mass);
  if (converted === null) return null;
  const volume = formatDecimal(MOLAR_VOLUME_25C, 2);
  return {
    value: shown(converted, converted >= 100 ? 1 : converted >= 1 ? 2 : 4),
    unit: toMg ? 'mg/m³' : 'ppm',
    criterion: toMg ? `mg/m³ = ppm × MM / ${volume} (25 °C, 1 atm)` : `ppm = mg/m³ × ${volume} / MM (25 °C, 1 atm)`,
  };
}

export interface JourneyTwa {
  agent: string;
  unit: string;
  periods: number;
  sampledMinutes: number;
  twa: string;
  twa8h: string;
  criterion: string;
}

/** An agent's name key for grouping its periods: its id when chosen from the catalog, else its name. */
function agentKey(row: Pick<ChemicalAgentRow, 'agent_id' | 'agent'>): string {
  if (row.agent_id !== null) return `#${row.agent_id}`;
  return row.agent.trim().toLocaleLowerCase('pt-BR');
}

/**
 * The TWA of each agent sampled in several periods (agent rows of the same
 * agent): Σ Cᵢ tᵢ / Σ tᵢ over the periods and the 8-hour TWA (Σ Cᵢ tᵢ / 480,
 * unsampled time as no exposure, said in the criterion). An agent is left
 * out until every period has a result above the LQ in one unit and a total
 * time.
 */
export function journeyTwas(agents: readonly ChemicalAgentRow[], results: readonly ChemicalResultRow[]): JourneyTwa[] {
  const groups = new Map<string, Array<{ agent: ChemicalAgentRow; result: ChemicalResultRow | undefined }>>();
  for (const agent of agents) {
    const key = agentKey(agent);
    if (key === '') continue;
    const result = results.find((row) => row.agent_row_id === agent.row_id);
    groups.set(key, [...(groups.get(key) ?? []), { agent, result }]);
  }
  const out: JourneyTwa[] = [];
  for (const periods of groups.values()) {
    if (periods.length < 2) continue;
    const units = new Set(periods.map(({ result }) => result?.unity ?? ''));
    const samples = periods.map(({ agent, result }) => ({
      concentration: result && result.lq !== LQ_BELOW ? parseDecimal(result.result) : null,
      minutes: parseDurationHHmm(agent.total_time),
    }));
    const unit = [...units][0] ?? '';
    if (units.size !== 1 || unit === '' || samples.some((s) => s.concentration === null || s.minutes === null)) continue;
    const timed = samples as Array<{ concentration: number; minutes: number }>;
    const average = twa(timed);
    const eight = twa8h(timed);
    if (average === null || eight === null) continue;
    out.push({
      agent: periods[0]!.agent.agent,
      unit,
      periods: periods.length,
      sampledMinutes: eight.sampledMinutes,
      twa: shown(average, 3),
      twa8h: shown(eight.value, 3),
      criterion: `TWA = Σ Cᵢ·tᵢ / Σ tᵢ (${formatHHmm(eight.sampledMinutes)} amostradas); TWA 8 h = Σ Cᵢ·tᵢ / 480 min. ${eight.statement}`,
    });
  }
  return out;
}

/* ---------- classification items (Classificação de risco) ---------- */

export interface ClassificationFigures {
  index: string;
  leo: string;
  frequency: string;
}

/** A result row's classification: its risk index, LEO % (two decimals unless whole) and re-evaluation frequency; null without a level. */
export function classificationFigures(row: ChemicalResultRow, thresholds: ChemicalThresholds): ClassificationFigures | null {
  const risk = chemicalRiskLevel(row, thresholds);
  if (risk.level === NO_RISK_LEVEL) return null;
  return {
    index: risk.level,
    leo: risk.ratio === null ? '' : formatLeoPercent(risk.ratio),
    frequency: chemicalFrequencyText(risk.level, thresholds),
  };
}

/* ---------- validation ---------- */

/** The validation with its variation (%) and its check against the tolerance; both '' without the two flows. */
export function fillValidation(block: ChemicalValidation, tolerancePercent = CHEMICAL_FLOW_TOLERANCE_PERCENT): ChemicalValidation {
  const initial = parseDecimal(block.varification_initial);
  const final = parseDecimal(block.varification_final);
  const check = initial === null || final === null ? null : flowCheck(initial, final, { tolerancePercent });
  if (!check) return { ...block, variation: '', variation_check: '' };
  const tolerance = `±${shown(check.tolerancePercent)} %`;
  const mean = shown(meanFlow(initial!, final!), 3);
  const variation_check = check.withinTolerance
    ? `Dentro da tolerância de ${tolerance}; vazão média ${mean} L/min`
    : `Fora da tolerância de ${tolerance}: a verificação da vazão invalida a amostra`;
  return { ...block, variation: shown(check.variationPercent), variation_check };
}

/** True when the variation is beyond the tolerance (the validation tab flags the field). */
export function variationBeyondTolerance(block: Pick<ChemicalValidation, 'variation'>, tolerancePercent = CHEMICAL_FLOW_TOLERANCE_PERCENT): boolean {
  const variation = parseDecimal(block.variation);
  return variation !== null && Math.abs(stable(variation)) > tolerancePercent;
}
