/**
 * What the dashboard reads of a sample's stored figures: whether it has a
 * result (it counts as filled) and whether that result is at its type's
 * highest risk level (an alert is raised). One reading for the server, which
 * raises the alert when such a sample is saved, and for the device's
 * offline figures (docs/decisions/dashboard.md).
 *
 * The highest level per type, from the figures the descriptors store:
 * - chemical: a result row at 'risk4' (chemical-risk.ts); filled when a row
 *   has any level other than '---' (the LQ level counts);
 * - noise: Dose 8h of the NHO or the NR 15 block in level4 of its
 *   thresholds (noise-levels.ts); filled when either has a Dose 8h;
 * - vibration: the classification's AREN/VDVR in band 4 on the memory's
 *   vibration type's scale (vibration.ts); filled with either figure;
 * - heat: the classification's condition 'Acima do limite de exposição'
 *   (heat.ts); filled with a condition.
 * Blocks are read as plain JSON: a block missing or of another shape
 * counts as empty, never as an error.
 */
import { parseDecimal } from './decimal';
import type { HeatCondition } from './heat';
import { noiseResultConclusion } from './noise-levels';
import type { NoiseThresholds } from './result-thresholds';
import { vibrationClassification } from './vibration';

export interface SampleRiskInput {
  /** The sample type's slug: 'chemical', 'noise', 'vibration' or 'heat'. */
  slug: string | null | undefined;
  memory_field?: unknown;
  result?: unknown;
  risk_classification?: unknown;
}

export interface SampleRisk {
  filled: boolean;
  highest: boolean;
}

const HIGHEST_CHEMICAL = 'risk4';
const NO_CHEMICAL_LEVEL = '---';
const HIGHEST_HEAT: HeatCondition = 'Acima do limite de exposição';
const NONE: SampleRisk = { filled: false, highest: false };

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function chemicalRisk(result: Record<string, unknown>): SampleRisk {
  const rows = Array.isArray(result.agents) ? result.agents : [];
  const levels = rows.map((row) => textOf(objectOf(row).risk_level)).filter((level) => level !== '' && level !== NO_CHEMICAL_LEVEL);
  return { filled: levels.length > 0, highest: levels.includes(HIGHEST_CHEMICAL) };
}

function noiseRisk(result: Record<string, unknown>, noise: NoiseThresholds): SampleRisk {
  const blocks = [
    { dose8: objectOf(result.nho).dose8, levels: noise.nho },
    { dose8: objectOf(result.nr15).dose8, levels: noise.nr15 },
  ];
  const given = blocks.filter((block) => parseDecimal(block.dose8) !== null);
  return {
    filled: given.length > 0,
    highest: given.some((block) => noiseResultConclusion(block.dose8, block.levels).level === 'level4'),
  };
}

function vibrationRisk(memory: Record<string, unknown>, classification: Record<string, unknown>): SampleRisk {
  const aren = parseDecimal(classification.aren);
  const vdvr = parseDecimal(classification.vdvr);
  if (aren === null && vdvr === null) return NONE;
  const { band } = vibrationClassification({ vibrationType: textOf(memory.vibration_type), aren, vdvr });
  return { filled: true, highest: band === 4 };
}

function heatRisk(classification: Record<string, unknown>): SampleRisk {
  const condition = textOf(classification.condition);
  return { filled: condition !== '', highest: condition === HIGHEST_HEAT };
}

export function sampleRisk(sample: SampleRiskInput, noise: NoiseThresholds): SampleRisk {
  switch (sample.slug) {
    case 'chemical':
      return chemicalRisk(objectOf(sample.result));
    case 'noise':
      return noiseRisk(objectOf(sample.result), noise);
    case 'vibration':
      return vibrationRisk(objectOf(sample.memory_field), objectOf(sample.risk_classification));
    case 'heat':
      return heatRisk(objectOf(sample.risk_classification));
    default:
      return NONE;
  }
}
