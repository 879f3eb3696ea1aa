/**
 * The vibration figures from the field memory (calculations.md section 3;
 * spec samples.md sections 4 and 9), pure, for the tabs as the technician
 * types and for the derivation (vibration-derive.ts) the server runs too:
 *
 * - the memory rule: choosing whole body ('corpo') sets NHO 09 and
 *   AREN/VDVR; any other choice sets NHO 10 and AREN and clears the
 *   secondary criterion (chooseVibrationType);
 * - Resultado: the rows {norma, criterion, result, limit} of the type
 *   (whole body: AREN and VDVR, NHO 09; hands and arms: AREN, NHO 10), the
 *   result computed from the measurements (aren of every component by its
 *   exposure time, VDVR of every axis scaled to its exposure:
 *   src/domain/vibration-exposure.ts), each with its `basis` (the criterion
 *   it was computed by) and the colour of its band. A result typed over on
 *   purpose (`typed`) is kept; with no reading of its kind in any
 *   measurement, a result already there is the technician's and is kept;
 *   readings half typed give '';
 * - Classificação de risco: AREN and VDVR as Resultado shows them (two
 *   decimals: the band of the printed figure), their bands and colours, and
 *   the consideration, recommendation and exposure recommendation proposed
 *   from the worse band (whole body takes the worse of AREN and VDVR); a
 *   proposal the technician chose otherwise (`typed`) stays theirs. The
 *   consideration's colour is that of the consideration shown.
 */
import { citeNorm, NHO_09, NHO_10, NR_15_ANEXO_8 } from '@/domain/criteria';
import { formatHHmm } from '@/domain/dates';
import { formatDecimal, parseDecimal } from '@/domain/decimal';
import { BAND_COLORS, CONSIDERATIONS } from '@/domain/result-thresholds';
import {
  VIBRATION_BAND_LIMITS,
  VIBRATION_EXPOSURE_RECOMMENDATIONS,
  VIBRATION_UNITS,
  type VibrationBand,
  type VibrationKind,
  type VibrationScale,
  vibrationBand,
  vibrationClassification,
  vibrationMemoryDefaults,
  vibrationResultRows,
} from '@/domain/vibration';
import { type VibrationExposure, vibrationExposure } from '@/domain/vibration-exposure';
import type { VibrationChoice, VibrationClassification, VibrationMemory, VibrationResult, VibrationResultRow } from './vibration';
import { ACCELERATION_KEYS, deriveVibrationMemory, kindOf, loneTimes, measurementRows, rowComponent, VDV_KEYS } from './vibration-rows';

/** The tabs' words for a figure's basis. */
export const VIBRATION_BASIS_TEXTS = {
  typed: 'digitado pelo técnico',
  components: (n: number) => (n === 1 ? '1 componente' : `${n} componentes`),
  exposure: (hhmm: string) => `exposição diária ${hhmm}`,
  vdvFactors: 'VDV dos eixos x e y × 1,4, escalado à exposição',
  limit: `limite ${NR_15_ANEXO_8.norm} (${NR_15_ANEXO_8.edition})`,
} as const;

/* ---------- the memory ---------- */

/** The memory with a vibration type chosen, and the rule's method and criteria (an empty choice changes nothing else). */
export function chooseVibrationType(memory: VibrationMemory, vibrationType: string): VibrationMemory {
  return fillVibrationMemory({ ...memory, vibration_type: vibrationType, ...vibrationMemoryDefaults(vibrationType) });
}

/** The memory with its proposed type and its measurements' figures up to date (the same object when they already are). */
export function fillVibrationMemory(memory: VibrationMemory): VibrationMemory {
  return deriveVibrationMemory(memory);
}

/* ---------- the day's figures ---------- */

export interface VibrationFigures {
  kind: VibrationKind;
  exposure: VibrationExposure;
  /** Some measurement has an acceleration or arep typed (then AREN is theirs to give, or '' while half typed). */
  arenReadings: boolean;
  /** Some measurement has a VDV typed (whole body). */
  vdvReadings: boolean;
  /** How many measurements had their VDV. */
  vdvComponents: number;
}

/** aren and VDVR of the memory's measurements (blank rows skipped), with what was read to get them. */
export function vibrationFigures(memory: VibrationMemory): VibrationFigures {
  const kind = kindOf(memory);
  const rows = measurementRows(memory);
  const lone = loneTimes(memory);
  const read = rows.map((row) => rowComponent(row, kind, lone));
  const exposure = vibrationExposure(
    kind,
    read.map((r) => r.component),
  );
  const typed = (keys: readonly string[]) => rows.some((row) => keys.some((key) => String(row[key] ?? '').trim() !== ''));
  const arenReadings = typed([...ACCELERATION_KEYS, 'arep']);
  const vdvReadings = kind === 'whole-body' && typed(VDV_KEYS);
  return {
    kind,
    exposure: {
      ...exposure,
      aren: read.some((r) => r.arepIncomplete) ? null : exposure.aren,
      vdvr: read.some((r) => r.vdvIncomplete) ? null : exposure.vdvr,
    },
    arenReadings,
    vdvReadings,
    vdvComponents: read.filter((r) => r.component.vdv !== null).length,
  };
}

/* ---------- Resultado ---------- */

/** The scales of each kind's figures. */
export const VIBRATION_SCALES: Record<VibrationKind, { aren: VibrationScale; vdvr: VibrationScale }> = {
  'whole-body': { aren: 'aren-whole-body', vdvr: 'vdvr' },
  'hand-arm': { aren: 'aren-hand-arm', vdvr: 'vdvr' },
};

type Criterion = 'aren' | 'vdvr';
const criterionKey = (criterion: string): Criterion | null => {
  const key = criterion.trim().toLowerCase();
  return key === 'aren' || key === 'vdvr' ? key : null;
};

/** The colour of a typed or computed figure's band on its scale; '' without one. */
export function bandColor(value: string, scale: VibrationScale): string {
  const band = vibrationBand(parseDecimal(value), scale);
  return band === null ? '' : BAND_COLORS[band - 1]!;
}

function computedBasis(criterion: Criterion, figures: VibrationFigures): string {
  const T = VIBRATION_BASIS_TEXTS;
  const norm = figures.kind === 'whole-body' ? NHO_09 : NHO_10;
  const count = criterion === 'aren' ? figures.exposure.components : figures.vdvComponents;
  const exposure = figures.exposure.exposureMinutes === null ? '' : `, ${T.exposure(formatHHmm(figures.exposure.exposureMinutes))}`;
  const how = criterion === 'vdvr' ? ` (${T.vdvFactors})` : '';
  return `${citeNorm(norm)}: ${criterion === 'aren' ? 'AREN' : 'VDVR'} de ${T.components(count)}${how}${exposure}; ${T.limit}`;
}

function typedBasis(kind: VibrationKind): string {
  return `${citeNorm(kind === 'whole-body' ? NHO_09 : NHO_10)}: ${VIBRATION_BASIS_TEXTS.typed}; ${VIBRATION_BASIS_TEXTS.limit}`;
}

/** The stored row of a criterion: by its id, else (a row saved without one) by its criterion. */
function storedRow(result: VibrationResult, criterion: Criterion): VibrationResultRow | undefined {
  return result.rows.find((row) => row.row_id === criterion) ?? result.rows.find((row) => criterionKey(row.criterion) === criterion);
}

/** Resultado with its rows as the memory gives them (see the header). */
export function fillVibrationResult(result: VibrationResult, memory: VibrationMemory): VibrationResult {
  const figures = vibrationFigures(memory);
  const { kind, exposure } = figures;
  const domainRows = vibrationResultRows({ vibrationType: memory.vibration_type, aren: exposure.aren, vdvr: exposure.vdvr });
  const rows = domainRows.map((row): VibrationResultRow => {
    const criterion = criterionKey(row.criterion) as Criterion;
    const scale = VIBRATION_SCALES[kind][criterion];
    const stored = storedRow(result, criterion);
    const typed = stored?.typed.includes('result') === true;
    const readings = criterion === 'aren' ? figures.arenReadings : figures.vdvReadings;
    const keep = typed || (row.result === '' && !readings);
    const value = keep ? (stored?.result ?? '') : row.result;
    const basis = value.trim() === '' ? '' : keep ? typedBasis(kind) : computedBasis(criterion, figures);
    return {
      row_id: criterion,
      norma: row.norma,
      criterion: row.criterion,
      result: value,
      limit: `${row.limit} ${VIBRATION_UNITS[scale]}`,
      basis,
      bgColor: bandColor(value, scale),
      typed: typed ? ['result'] : [],
    };
  });
  const next = { ...result, rows };
  return JSON.stringify(next) === JSON.stringify(result) ? result : next;
}

/** A result typed on Resultado: marked as the technician's; cleared, it goes back to the calculation. */
export function editResult(result: VibrationResult, rowId: string, text: string, memory: VibrationMemory): VibrationResult {
  const rows = result.rows.map((row) =>
    row.row_id === rowId ? { ...row, result: text, typed: text.trim() === '' ? [] : (['result'] as VibrationResultRow['typed']) } : row,
  );
  return fillVibrationResult({ ...result, rows }, memory);
}

/* ---------- Classificação de risco ---------- */

const fmt = (value: number) => formatDecimal(value, 2, { trimZeros: true });

/** A band's range on its scale: '< 0,5 m/s²', 'de 0,5 a < 0,9 m/s²', '≥ 1,1 m/s²'. */
export function bandRange(band: VibrationBand, scale: VibrationScale): string {
  const [min, max] = VIBRATION_BAND_LIMITS[scale][band - 1]!;
  const unit = VIBRATION_UNITS[scale];
  if (min === null) return `< ${fmt(max!)} ${unit}`;
  return max === null ? `≥ ${fmt(min)} ${unit}` : `de ${fmt(min)} a < ${fmt(max)} ${unit}`;
}

/** A band in words: 'Faixa 2: de 0,5 a < 0,9 m/s² (Acima do nível de ação)'. */
export function bandText(band: VibrationBand | null, scale: VibrationScale): string {
  return band === null ? '' : `Faixa ${band}: ${bandRange(band, scale)} (${CONSIDERATIONS[band - 1]})`;
}

const colorOf = (band: VibrationBand | null) => (band === null ? '' : BAND_COLORS[band - 1]!);

/** The colour of a consideration (its band's), '' for any other text. */
export function considerationColor(consideration: string): string {
  const index = (CONSIDERATIONS as readonly string[]).indexOf(consideration);
  return index < 0 ? '' : BAND_COLORS[index]!;
}

/** Classificação de risco from Resultado (see the header). */
export function fillVibrationClassification(
  block: VibrationClassification,
  result: VibrationResult,
  memory: VibrationMemory,
): VibrationClassification {
  const kind = kindOf(memory);
  const aren = storedRow(result, 'aren')?.result ?? '';
  const vdvr = kind === 'whole-body' ? (storedRow(result, 'vdvr')?.result ?? '') : '';
  const c = vibrationClassification({ vibrationType: memory.vibration_type, aren: parseDecimal(aren), vdvr: parseDecimal(vdvr) });
  const proposed: Record<VibrationChoice, string> = {
    consideration: c.consideration,
    recomendation: c.recomendation,
    exposition_recomendation: c.band === null ? '' : VIBRATION_EXPOSURE_RECOMMENDATIONS[c.band - 1]!,
  };
  const choice = (key: VibrationChoice) => (block.typed.includes(key) ? block[key] : proposed[key]);
  const consideration = choice('consideration');
  const next: VibrationClassification = {
    ...block,
    aren,
    aren_band: bandText(c.arenBand, VIBRATION_SCALES[kind].aren),
    aren_color: colorOf(c.arenBand),
    vdvr,
    vdvr_band: bandText(c.vdvrBand, 'vdvr'),
    vdvr_color: colorOf(c.vdvrBand),
    consideration,
    recomendation: choice('recomendation'),
    exposition_recomendation: choice('exposition_recomendation'),
    bgColor: considerationColor(consideration),
  };
  return JSON.stringify(next) === JSON.stringify(block) ? block : next;
}

/** A proposal chosen on the tab: marked as the technician's; cleared, the proposal comes back. */
export function chooseClassification(
  block: VibrationClassification,
  key: VibrationChoice,
  value: string,
  result: VibrationResult,
  memory: VibrationMemory,
): VibrationClassification {
  const marks = new Set(block.typed);
  if (value.trim() === '') marks.delete(key);
  else marks.add(key);
  const typed = (['consideration', 'recomendation', 'exposition_recomendation'] as const).filter((choice) => marks.has(choice));
  return fillVibrationClassification({ ...block, [key]: value, typed }, result, memory);
}
