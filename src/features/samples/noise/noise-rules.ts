/**
 * The noise sample's rules, in one table each (docs/decisions/samples-flow.md):
 *
 * - REQUIRED: what a noise report cannot go out without — who was measured
 *   (caracterization), the instrument and calibrator, the date and the
 *   measured times, the calibration readings before and after (NHO 01 checks
 *   the drift), Dose 8h of both criteria, the daily dose of each
 *   classification, and every validation field. Used by the tab marks,
 *   'Verificar' and the asterisks.
 * - CLEARED by 'Duplicar amostra': the worker, the date and times, the
 *   calibration readings, every measured or computed figure of Resultado, the
 *   whole classification and validation (they judge that measurement), and the
 *   observation. Kept: the instrument and calibrator, the agent, method, limit,
 *   task, journey and EPIs (same GHE), and each result block's code, agent
 *   and method.
 */
import { emptyNoiseBlocks } from '@sync/contract/samples/noise';
import type { RequiredField } from '@/domain/form-paths';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_REQUIRED } from '../common/caracterization-rules';
import type { SampleTypeRules } from '../sample-tab-types';
import { TYPE_FIELD_TEXTS } from '../type-fields/type-field-texts';
import { NOISE_TEXTS } from './noise-texts';

const M = NOISE_TEXTS.memory;
const R = NOISE_TEXTS.result;
const C = NOISE_TEXTS.classification;
const V = NOISE_TEXTS.validation;
const NORMS = ['nho', 'nr15'] as const;

export const NOISE_REQUIRED: readonly RequiredField[] = [
  ...CARACTERIZATION_REQUIRED,
  { block: 'memory_field', path: 'instrument', label: TYPE_FIELD_TEXTS.instrument },
  { block: 'memory_field', path: 'gauge', label: TYPE_FIELD_TEXTS.gauge },
  { block: 'memory_field', path: 'data', label: M.data },
  { block: 'memory_field', path: 'initial_time', label: M.initialTime },
  { block: 'memory_field', path: 'final_time', label: M.finalTime },
  { block: 'memory_field', path: 'initial_calibration', label: M.initialCalibration },
  { block: 'memory_field', path: 'final_calibration', label: M.finalCalibration },
  ...NORMS.map((norm) => ({ block: 'result', path: `${norm}.dose8`, label: `${R.dose8} — ${R.blocks[norm]}` })),
  ...NORMS.map((norm) => ({ block: 'risk_classification', path: `${norm}.dose_daily`, label: `${C.doseDaily} — ${C.blocks[norm]}` })),
  { block: 'validation', path: 'avaliation', label: V.avaliation },
  { block: 'validation', path: 'exposition', label: V.exposition },
  { block: 'validation', path: 'exposition_type', label: V.expositionType },
  { block: 'validation', path: 'justify', label: V.justify },
];

const RESULT_FIGURES = ['result', 'lavg', 'leq', 'twa', 'nen', 'dose8', 'conclusion', 'bgColor'] as const;

export const NOISE_CLEARED = {
  caracterization: CARACTERIZATION_CLEARED,
  memory_field: [
    'data',
    'initial_time',
    'final_time',
    'interval_initial',
    'interval_final',
    'initial_calibration',
    'final_calibration',
    'observation',
  ],
  result: NORMS.flatMap((norm) => RESULT_FIGURES.map((field) => `${norm}.${field}`)),
  risk_classification: 'all',
  validation: 'all',
} as const;

export const NOISE_RULES: SampleTypeRules = {
  required: NOISE_REQUIRED,
  cleared: NOISE_CLEARED,
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyNoiseBlocks()[block]),
};
