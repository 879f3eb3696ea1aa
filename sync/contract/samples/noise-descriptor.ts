/**
 * The noise sample as one unit (descriptor.ts): its blocks' fields in the
 * form's order with their labels, what is required and what a duplicate
 * clears (docs/decisions/samples-flow.md), and its derivation
 * (noise-derive.ts).
 *
 * Required: who was measured, the instrument and calibrator, the date and
 * the measured times, the calibration readings before and after (NHO 01
 * checks the drift), Dose 8h of both criteria, the daily dose of each
 * classification, and every validation field. A duplicate clears the worker,
 * the date and times, the calibration readings, every measured or computed
 * figure of Resultado, the whole classification and validation, and the
 * observation; it keeps the instrument and calibrator, agent, method, limit,
 * task, journey and EPIs (same GHE), and each result block's code, agent and
 * method.
 */
import { CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';
import { blockSchemasOf } from './blocks';
import { EXPOSITION_TYPES, YES_NO } from './block-fields';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_NODES, EPI_NODE, field, instrumentNodes, OBSERVATION_NODE, plainOptions } from './common-nodes';
import type { GroupNode, SampleTypeDescriptor } from './descriptor';
import { emptyNoiseBlocks, NOISE_BLOCK_SCHEMAS, NOISE_EXPOSITION_LIMITS, NOISE_METHODS, NOISE_TYPES } from './noise';
import { deriveNoiseBlocks } from './noise-derive';

export const NOISE_NORM_TITLES = { nho: 'NHO 01', nr15: 'NR 15' } as const;

const figure = { figure: true } as const;

function resultNorm(norm: 'nho' | 'nr15'): GroupNode {
  // The norm's own average first: Leq under NHO 01 (q = 3), Lavg under NR 15 (q = 5), as the tab shows them.
  const leq = field('leq', 'Leq (dB(A))', 'decimal', figure);
  const lavg = field('lavg', 'Lavg (dB(A))', 'decimal', figure);
  return {
    kind: 'group',
    key: norm,
    label: NOISE_NORM_TITLES[norm],
    nodes: [
      field('code', 'Código'),
      field('agent', 'Agente'),
      field('method', 'Método'),
      field('result', 'Dose medida (%)', 'decimal'),
      ...(norm === 'nho' ? [leq, lavg] : [lavg, leq]),
      field('twa', 'TWA (dB(A))', 'decimal', figure),
      field('nen', 'NEN (dB(A))', 'decimal', figure),
      field('dose8', 'Dose 8h (%)', 'decimal', { ...figure, required: true }),
      field('conclusion', 'Conclusão', 'line', { ...figure, swatch: 'bgColor' }),
      field('bgColor', 'Cor', 'color', { ...figure, hidden: true }),
      // Not on the tab's form (the tab writes the criterion under the block's title); printed.
      field('criterion', 'Critério', 'line', figure),
    ],
  };
}

function classificationNorm(norm: 'nho' | 'nr15'): GroupNode {
  return {
    kind: 'group',
    key: norm,
    label: NOISE_NORM_TITLES[norm],
    nodes: [
      field('dose_daily', 'Dose diária (%)', 'decimal', { required: true, swatch: 'bgColor' }),
      field('consideration', 'Consideração técnica', 'choice', { options: plainOptions(CONSIDERATIONS) }),
      field('recommended_action', 'Ação recomendada', 'choice', { options: plainOptions(RECOMMENDATIONS) }),
      field('leo', 'LEO'),
      field('bgColor', 'Cor', 'color', { figure: true, hidden: true }),
      // The memory of the daily dose's proposal (noise-derive.ts proposeDailyDose).
      field('dose_daily_proposed', 'Dose 8h proposta (%)', 'decimal', { figure: true, hidden: true }),
    ],
  };
}

const RESULT_FIGURES = ['result', 'lavg', 'leq', 'twa', 'nen', 'dose8', 'conclusion', 'bgColor', 'criterion'] as const;

export const NOISE_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'noise',
  name: 'Ruído',
  schemas: blockSchemasOf(NOISE_BLOCK_SCHEMAS),
  blocks: [
    { block: 'caracterization', title: 'Caracterização', nodes: CARACTERIZATION_NODES },
    {
      block: 'memory_field',
      title: 'Memória de campo',
      nodes: [
        ...instrumentNodes({ gaugeRequired: true }),
        field('data', 'Data', 'date', { required: true }),
        field('sample', 'Amostra'),
        field('medition', 'Medição'),
        field('agent', 'Agente'),
        field('noise_type', 'Tipo de ruído', 'choice', { options: plainOptions(NOISE_TYPES) }),
        field('method', 'Método', 'choice', { options: plainOptions(NOISE_METHODS) }),
        field('exposition_limit', 'Limite de exposição', 'choice', { options: plainOptions(NOISE_EXPOSITION_LIMITS) }),
        field('initial_time', 'Hora inicial', 'time', { required: true }),
        field('final_time', 'Hora final', 'time', { required: true }),
        field('interval_initial', 'Início do intervalo', 'time'),
        field('interval_final', 'Fim do intervalo', 'time'),
        field('initial_calibration', 'Calibração inicial (dB)', 'decimal', { required: true }),
        field('final_calibration', 'Calibração final (dB)', 'decimal', { required: true }),
        field('task', 'Tarefa'),
        field('duration', 'Jornada (HH:mm)', 'duration'),
        EPI_NODE,
        OBSERVATION_NODE,
      ],
    },
    { block: 'result', title: 'Resultado', nodes: [resultNorm('nho'), resultNorm('nr15')] },
    {
      block: 'risk_classification',
      title: 'Classificação de risco',
      nodes: [classificationNorm('nho'), classificationNorm('nr15'), field('recomendation', 'Recomendação', 'note')],
    },
    {
      block: 'validation',
      title: 'Validação da medição',
      nodes: [
        field('avaliation', 'Avaliação', 'note', { required: true }),
        field('exposition', 'Exposição', 'choice', { required: true, options: plainOptions(YES_NO) }),
        field('exposition_type', 'Tipo de exposição', 'choice', { required: true, options: plainOptions(EXPOSITION_TYPES) }),
        field('justify', 'Justificativa', 'note', { required: true }),
      ],
    },
  ],
  cleared: {
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
    result: (['nho', 'nr15'] as const).flatMap((norm) => RESULT_FIGURES.map((key) => `${norm}.${key}`)),
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyNoiseBlocks()[block]),
  derive: (blocks, context) => deriveNoiseBlocks(blocks, context.thresholds.noise),
};
