/**
 * The heat (IBUTG) sample's rules, in one table each (docs/decisions/samples-flow.md):
 *
 * - REQUIRED: who was measured (caracterization), the instrument and
 *   calibrator, each task's name, times, metabolic rate and the tbn and tg
 *   readings (what NHO 06 needs for the IBUTG; the heat memory has no date of
 *   its own, its times are the tasks'), the result's IBUTG, and every
 *   validation field. Used by the tab marks, 'Verificar' and the asterisks.
 * - CLEARED by 'Duplicar amostra': the worker, each task's times, duration,
 *   readings and IBUTG, the result's figures, the whole classification and
 *   validation, and the observation. Kept: the instrument and calibrator, the
 *   agent, method and limit, each task's name, activity, metabolic rate and
 *   solar load (same GHE, same tasks), the clothing and the EPIs.
 */
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import type { RequiredField } from '@/domain/form-paths';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_REQUIRED } from '../common/caracterization-rules';
import type { SampleTypeRules } from '../sample-tab-types';
import { TYPE_FIELD_TEXTS } from '../type-fields/type-field-texts';
import { HEAT_TEXTS } from './heat-texts';

const M = HEAT_TEXTS.memory;
const V = HEAT_TEXTS.validation;
const task = (field: string, label: string): RequiredField => ({ block: 'memory_field', path: `tasks.*.${field}`, label, rowLabel: M.taskTitle });

export const HEAT_REQUIRED: readonly RequiredField[] = [
  ...CARACTERIZATION_REQUIRED,
  { block: 'memory_field', path: 'instrument', label: TYPE_FIELD_TEXTS.instrument },
  { block: 'memory_field', path: 'gauge', label: TYPE_FIELD_TEXTS.gauge },
  task('task', M.task),
  task('initial', M.initial),
  task('final', M.final),
  task('metabolism', M.metabolism),
  task('tbn', M.tbn),
  task('tg', M.tg),
  { block: 'result', path: 'ibutg', label: HEAT_TEXTS.result.weightedIbutg },
  { block: 'validation', path: 'avaliation', label: V.avaliation },
  { block: 'validation', path: 'exposition', label: V.exposition },
  { block: 'validation', path: 'sample_type', label: V.sampleType },
  { block: 'validation', path: 'justify', label: V.justify },
  { block: 'validation', path: 'initial_tbs', label: `${V.tbs} — ${V.initial}` },
  { block: 'validation', path: 'initial_tbn', label: `${V.tbn} — ${V.initial}` },
  { block: 'validation', path: 'initial_tg', label: `${V.tg} — ${V.initial}` },
  { block: 'validation', path: 'final_tbs', label: `${V.tbs} — ${V.final}` },
  { block: 'validation', path: 'final_tbn', label: `${V.tbn} — ${V.final}` },
  { block: 'validation', path: 'final_tg', label: `${V.tg} — ${V.final}` },
  { block: 'validation', path: 'stabilization', label: V.stabilization },
  { block: 'validation', path: 'equipment', label: V.equipment },
];

export const HEAT_CLEARED = {
  caracterization: CARACTERIZATION_CLEARED,
  memory_field: [...['initial', 'final', 'duration', 'ura', 'var', 'tbs', 'tbn', 'tg', 'ibutg'].map((field) => `tasks.*.${field}`), 'observation'],
  result: ['metabolism', 'ibutg', 'action_level', 'max'],
  risk_classification: 'all',
  validation: 'all',
} as const;

export const HEAT_RULES: SampleTypeRules = {
  required: HEAT_REQUIRED,
  cleared: HEAT_CLEARED,
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyHeatBlocks()[block]),
};
