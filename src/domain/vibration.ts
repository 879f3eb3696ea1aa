/**
 * Occupational vibration (calculations.md section 3; samples.md sections 4
 * and 9): whole body by Fundacentro NHO 09 (2013), hands and arms by NHO 10
 * (2013); limits of NR-15 Anexo 8 and action levels of NR-09 Anexo 1
 * (Portaria MTE 1.297/2014).
 *
 * Owns: the memory rule (vibration type → method and criterion), the type an
 * agent's name proposes, the bands for aren and VDVR with their
 * considerations, recommendations and exposure recommendations, and arep,
 * aren and VDVR from measured values (several components combined:
 * vibration-exposure.ts).
 *
 * Choice left open: how the axes of one exposure component combine into
 * VDVR. calculations.md sums the fourth powers of every scaled axis value
 * ('all-axes', the default, never lower); NHO 09 takes, per component, the
 * axis with the highest scaled VDV ('dominant-axis').
 */
import { pickFirstInRange } from './bands';
import { formatDecimal } from './decimal';
import { NHO_09, NHO_10, NR_09_ANEXO_1, NR_15_ANEXO_8 } from './criteria';
import { BAND_COLORS, CONSIDERATIONS, RECOMMENDATIONS } from './result-thresholds';

export const WHOLE_BODY = 'corpo';
/** The stored value for hands and arms; any other non-empty value also reads as hands and arms (vibrationKind). */
export const HAND_ARM = 'maos-bracos';
/** The vibration type's choices: the stored value and the label the form and the report show. */
export const VIBRATION_TYPES = [
  { value: WHOLE_BODY, label: 'Corpo inteiro' },
  { value: HAND_ARM, label: 'Mãos e braços' },
] as const;
/** @public The vibration tab's choices. */
export const VIBRATION_METHODS = ['NHO 09', 'NHO 10'] as const;
/** @public */
export const VIBRATION_CRITERIA = ['VDVR', 'AREN', 'AREN/VDVR'] as const;
/** @public */
export const SECONDARY_CRITERION = '1,1 Aren / 21 VDVR';

export type VibrationKind = 'whole-body' | 'hand-arm';

/** 'corpo' is whole body; any other non-empty choice is hands and arms. */
export function vibrationKind(vibrationType: string | null | undefined): VibrationKind | null {
  const value = (vibrationType ?? '').trim();
  if (value === '') return null;
  return value.toLowerCase() === WHOLE_BODY ? 'whole-body' : 'hand-arm';
}

const WHOLE_BODY_AGENT = /corpo inteiro|\bvci\b/;
const HAND_ARM_AGENT = /maos e bracos|mao e braco|maos e braco|\bvmb\b/;

/**
 * The vibration type an agent's name proposes: the catalog's 'Vibração de
 * corpo inteiro (VCI)' → 'corpo', 'Vibração de mãos e braços (VMB)' →
 * hands and arms (accents and case ignored); '' for a name that names
 * neither or both ('Avaliação de vibração (VMB e VCI)').
 */
export function vibrationTypeOfAgent(agent: string | null | undefined): string {
  const name = (agent ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const wholeBody = WHOLE_BODY_AGENT.test(name);
  const handArm = HAND_ARM_AGENT.test(name);
  if (wholeBody === handArm) return '';
  return wholeBody ? WHOLE_BODY : HAND_ARM;
}

export type VibrationMemoryPatch = { method?: string; criterion?: string; criterion_1?: string };

/**
 * The fields the memory sets when the vibration type changes: whole body →
 * NHO 09 with AREN/VDVR; hands and arms → NHO 10 with AREN and no secondary
 * criterion. The original compared against the wrong value, so the second
 * branch always ran; this is the intended rule. An empty choice changes
 * nothing.
 */
export function vibrationMemoryDefaults(vibrationType: string | null | undefined): VibrationMemoryPatch {
  const kind = vibrationKind(vibrationType);
  if (kind === 'whole-body') return { method: 'NHO 09', criterion: 'AREN/VDVR' };
  if (kind === 'hand-arm') return { method: 'NHO 10', criterion: 'AREN', criterion_1: '' };
  return {};
}

export type VibrationScale = 'aren-whole-body' | 'vdvr' | 'aren-hand-arm';
export type VibrationBand = 1 | 2 | 3 | 4;

/** Band limits [min inclusive, max exclusive) per scale, bands 1 to 4. */
export const VIBRATION_BAND_LIMITS: Record<VibrationScale, ReadonlyArray<readonly [number | null, number | null]>> = {
  'aren-whole-body': [
    [null, 0.5],
    [0.5, 0.9],
    [0.9, 1.1],
    [1.1, null],
  ],
  vdvr: [
    [null, 9.1],
    [9.1, 16.4],
    [16.4, 21],
    [21, null],
  ],
  'aren-hand-arm': [
    [null, 2.5],
    [2.5, 3.5],
    [3.5, 5],
    [5, null],
  ],
};

/** @public Units for printing: aren in m/s², VDVR in m/s^1.75. */
export const VIBRATION_UNITS: Record<VibrationScale, string> = {
  'aren-whole-body': 'm/s²',
  vdvr: 'm/s^1,75',
  'aren-hand-arm': 'm/s²',
};

/** Band of a value on a scale; negative or non-finite values have none. */
export function vibrationBand(value: number | null | undefined, scale: VibrationScale): VibrationBand | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null;
  const entries = VIBRATION_BAND_LIMITS[scale].map((limits, i) => [String(i + 1), limits] as const);
  const match = pickFirstInRange(entries, value, ([min, max]) => ({ min, max }));
  return match ? (Number(match.key) as VibrationBand) : null;
}

export type VibrationCriterion = {
  norm: string;
  edition: string;
  limitSource: string;
  /** The scales that produced the band (whole body: aren and/or VDVR). */
  scales: VibrationScale[];
};

export type VibrationClassification = {
  band: VibrationBand | null;
  arenBand: VibrationBand | null;
  vdvrBand: VibrationBand | null;
  consideration: string;
  recomendation: string;
  color: string;
  criterion: VibrationCriterion;
};

/**
 * Classification tab: consideration and recommendation from aren (and VDVR
 * for whole body, taking the worse of the two bands). VDVR is ignored for
 * hands and arms. No value → empty texts and no band. As in the spec's
 * band table, anything that is not 'corpo' (even an empty type) is read on
 * the hand-arm scale.
 */
export function vibrationClassification(input: {
  vibrationType: string | null | undefined;
  aren?: number | null;
  vdvr?: number | null;
}): VibrationClassification {
  const kind = vibrationKind(input.vibrationType) ?? 'hand-arm';
  const wholeBody = kind === 'whole-body';
  const arenBand = vibrationBand(input.aren, wholeBody ? 'aren-whole-body' : 'aren-hand-arm');
  const vdvrBand = wholeBody ? vibrationBand(input.vdvr, 'vdvr') : null;
  const scales: VibrationScale[] = [];
  if (arenBand !== null) scales.push(wholeBody ? 'aren-whole-body' : 'aren-hand-arm');
  if (vdvrBand !== null) scales.push('vdvr');
  const bands = [arenBand, vdvrBand].filter((b): b is VibrationBand => b !== null);
  const band = bands.length > 0 ? (Math.max(...bands) as VibrationBand) : null;
  const norm = wholeBody ? NHO_09 : NHO_10;
  return {
    band,
    arenBand,
    vdvrBand,
    consideration: band === null ? '' : CONSIDERATIONS[band - 1]!,
    recomendation: band === null ? '' : RECOMMENDATIONS[band - 1]!,
    color: band === null ? '' : BAND_COLORS[band - 1]!,
    criterion: {
      norm: norm.norm,
      edition: norm.edition,
      limitSource: `${NR_15_ANEXO_8.norm} e ${NR_09_ANEXO_1.norm} (${NR_15_ANEXO_8.edition})`,
      scales,
    },
  };
}

/**
 * The exposure recommendation proposed for each band (1 to 4), beside the
 * spec's recommendation: what to do about the exposure, citing the action
 * level of NR-09 Anexo 1 and the limit of NR-15 Anexo 8.
 */
export const VIBRATION_EXPOSURE_RECOMMENDATIONS = [
  'Exposição abaixo do nível de ação: manter a condição existente e reavaliar quando mudarem a máquina ou ferramenta, o processo ou a jornada.',
  'Exposição acima do nível de ação (NR-09 Anexo 1): adotar medidas preventivas — informação e treinamento dos trabalhadores, manutenção das máquinas e ferramentas e avaliação periódica da exposição.',
  'Exposição na região de incerteza: adotar medidas preventivas e corretivas para reduzir a exposição — revisar as máquinas e ferramentas, as condições de operação e o tempo de exposição — e reavaliar após implantá-las.',
  'Exposição acima do limite de exposição (NR-15 Anexo 8): adotar de imediato medidas corretivas que reduzam a exposição abaixo do limite (tempo de exposição, substituição ou manutenção do equipamento); enquanto o limite for excedido, a atividade caracteriza insalubridade em grau médio.',
] as const;

export type Axes = { x: number; y: number; z: number };

/** Axis weighting factors: whole body 1.4 on x and y, 1 on z; hand-arm 1 on all. */
export function axisFactors(kind: VibrationKind): Axes {
  return kind === 'whole-body' ? { x: 1.4, y: 1.4, z: 1 } : { x: 1, y: 1, z: 1 };
}

/**
 * Partial resultant acceleration. Whole body: sqrt((1.4 ax)² + (1.4 ay)² +
 * az²); hand-arm: sqrt(ax² + ay² + az²). Example: 0.30/0.25/0.60 → 0.81.
 */
export function arep(axes: Axes, kind: VibrationKind): number | null {
  const { x, y, z } = axes;
  if (![x, y, z].every((v) => Number.isFinite(v) && v >= 0)) return null;
  const f = axisFactors(kind);
  return Math.sqrt((f.x * x) ** 2 + (f.y * y) ** 2 + (f.z * z) ** 2);
}

export type ExposureComponent = { arep: number; minutes: number };

/**
 * Normalised daily exposure: aren = sqrt(Σ arep_i² T_i / 480).
 * Example: 5 h at 0.8 and 1 h at 0.4 → 0.65 m/s².
 */
export function aren(components: ExposureComponent[]): number | null {
  if (components.length === 0) return null;
  if (!components.every((c) => Number.isFinite(c.arep) && Number.isFinite(c.minutes) && c.arep >= 0 && c.minutes >= 0)) {
    return null;
  }
  const sum = components.reduce((acc, c) => acc + c.arep ** 2 * c.minutes, 0);
  return Math.sqrt(sum / 480);
}

export type VdvMeasurement = {
  axis: 'x' | 'y' | 'z';
  /** Measured VDV of the axis, m/s^1.75, before the factor. */
  vdv: number;
  measuredMinutes: number;
  exposureMinutes: number;
  /** Groups the axes of one exposure component (for 'dominant-axis'). */
  component?: string;
};

/** VDV_exp = f × VDV × (T_exp / T_meas)^(1/4), f = 1.4 on x and y, 1 on z. */
export function vdvExposure(m: VdvMeasurement): number | null {
  const { vdv, measuredMinutes, exposureMinutes } = m;
  if (![vdv, measuredMinutes, exposureMinutes].every(Number.isFinite)) return null;
  if (vdv < 0 || measuredMinutes <= 0 || exposureMinutes < 0) return null;
  const factor = m.axis === 'z' ? 1 : 1.4;
  return factor * vdv * (exposureMinutes / measuredMinutes) ** 0.25;
}

export type VdvrCombination = 'all-axes' | 'dominant-axis';

/** VDVR = (Σ VDV_exp⁴)^(1/4), over every axis or over each component's dominant axis. */
export function vdvr(measurements: VdvMeasurement[], combination: VdvrCombination = 'all-axes'): number | null {
  if (measurements.length === 0) return null;
  const scaled = measurements.map((m) => ({ component: m.component ?? '', value: vdvExposure(m) }));
  if (scaled.some((s) => s.value === null)) return null;
  let values = scaled.map((s) => s.value as number);
  if (combination === 'dominant-axis') {
    const byComponent = new Map<string, number>();
    for (const s of scaled) byComponent.set(s.component, Math.max(byComponent.get(s.component) ?? 0, s.value as number));
    values = [...byComponent.values()];
  }
  return values.reduce((acc, v) => acc + v ** 4, 0) ** 0.25;
}

/** Limits printed in the Resultado rows: NR-15 Anexo 8. */
export const VIBRATION_LIMITS = { arenWholeBody: 1.1, vdvr: 21, arenHandArm: 5 } as const;

export type VibrationResultRow = { norma: string; criterion: string; result: string; limit: string };

/**
 * The Resultado tab's rows {norma, criterion, result, limit}: whole body
 * gives an AREN row and a VDVR row (NHO 09), hands and arms an AREN row
 * (NHO 10). Results show two decimals with a comma; a missing value leaves
 * the result empty but keeps the row, so the limit is still printed.
 */
export function vibrationResultRows(input: {
  vibrationType: string | null | undefined;
  aren?: number | null;
  vdvr?: number | null;
}): VibrationResultRow[] {
  const show = (value: number | null | undefined) =>
    value === null || value === undefined || !Number.isFinite(value) ? '' : formatDecimal(value, 2);
  if (vibrationKind(input.vibrationType) === 'whole-body') {
    return [
      { norma: NHO_09.norm, criterion: 'AREN', result: show(input.aren), limit: formatDecimal(VIBRATION_LIMITS.arenWholeBody, 1) },
      { norma: NHO_09.norm, criterion: 'VDVR', result: show(input.vdvr), limit: formatDecimal(VIBRATION_LIMITS.vdvr, 0) },
    ];
  }
  return [{ norma: NHO_10.norm, criterion: 'AREN', result: show(input.aren), limit: formatDecimal(VIBRATION_LIMITS.arenHandArm, 0) }];
}
