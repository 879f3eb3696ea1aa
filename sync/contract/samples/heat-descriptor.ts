/**
 * The heat (IBUTG, NHO 06) sample as one unit (descriptor.ts): its blocks'
 * fields in the form's order with their labels, what is required and what a
 * duplicate clears (docs/decisions/samples-flow.md), and its derivation
 * (heat-derive.ts).
 *
 * Required: who was measured, the instrument (the calibrator is optional:
 * no heat calibrator exists in a catalog), each task's name, times,
 * metabolic rate and the tbn and tg readings, the result's IBUTG, and every
 * validation field. A duplicate clears the worker, each task's times,
 * duration, readings and IBUTG, the result's figures, the whole
 * classification and validation, and the observation; it keeps the
 * instrument and calibrator, the agent, method and limit, each task's name,
 * activity, metabolic rate and solar load (same GHE), the clothing and EPIs.
 */
import { CLOTHING_ADJUSTMENTS, HEAT_RECOMMENDATIONS } from '@/domain/heat';
import { CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';
import { blockSchemasOf } from './blocks';
import { EXPOSITION_TYPES, YES_NO } from './block-fields';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_NODES, EPI_NODE, field, instrumentNodes, OBSERVATION_NODE, plainOptions } from './common-nodes';
import type { SampleTypeDescriptor } from './descriptor';
import { emptyHeatBlocks, HEAT_BLOCK_SCHEMAS, HEAT_METHODS } from './heat';
import { deriveHeatBlocks } from './heat-derive';

const CLOTHING_OPTIONS = Object.entries(CLOTHING_ADJUSTMENTS).map(([value, { label }]) => ({ value, label }));
const CONDITIONS = plainOptions(Object.keys(HEAT_RECOMMENDATIONS));

export const HEAT_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'heat',
  name: 'Calor',
  schemas: blockSchemasOf(HEAT_BLOCK_SCHEMAS),
  blocks: [
    { block: 'caracterization', title: 'Caracterização', nodes: CARACTERIZATION_NODES },
    {
      block: 'memory_field',
      title: 'Memória de campo',
      nodes: [
        ...instrumentNodes({ gaugeRequired: false }),
        field('medition', 'Medição'),
        field('sample', 'Amostra'),
        field('agent', 'Agente'),
        field('method', 'Método', 'choice', { options: HEAT_METHODS }),
        field('exposition_limit', 'Limite de exposição'),
        {
          kind: 'rows',
          key: 'tasks',
          label: 'Tarefas',
          rowLabel: (index) => `Tarefa ${index + 1}`,
          nodes: [
            field('task', 'Tarefa', 'line', { required: true }),
            field('activity_type', 'Tipo de atividade'),
            field('initial', 'Hora inicial', 'time', { required: true }),
            field('final', 'Hora final', 'time', { required: true }),
            field('duration', 'Duração (HH:mm)', 'duration', { figure: true }),
            field('metabolism', 'Taxa metabólica (W)', 'decimal', { required: true }),
            field('ura', 'Umidade relativa (%)', 'decimal'),
            field('var', 'Velocidade do ar (m/s)', 'decimal'),
            field('solar_load', 'Carga solar', 'choice', { options: plainOptions(YES_NO) }),
            field('tbs', 'tbs (°C)', 'decimal'),
            field('tbn', 'tbn (°C)', 'decimal', { required: true }),
            field('tg', 'tg (°C)', 'decimal', { required: true }),
            field('ibutg', 'IBUTG (°C)', 'decimal', { figure: true }),
          ],
        },
        EPI_NODE,
        OBSERVATION_NODE,
      ],
    },
    {
      block: 'result',
      title: 'Resultado',
      nodes: [
        field('clothing', 'Vestimenta', 'choice', { options: CLOTHING_OPTIONS }),
        field('metabolism', 'Taxa metabólica média (W)', 'decimal', { figure: true }),
        field('ibutg', 'IBUTG médio (°C)', 'decimal', { figure: true, required: true }),
        field('action_level', 'Nível de ação (°C)', 'decimal', { figure: true }),
        field('max', 'Limite de exposição (°C)', 'decimal', { figure: true }),
        // Not on the tab's form; printed.
        field('criterion', 'Critério', 'line', { figure: true }),
      ],
    },
    {
      block: 'risk_classification',
      title: 'Classificação de risco',
      nodes: [
        field('condition', 'Condição', 'choice', { figure: true, options: CONDITIONS }),
        field('consideration', 'Consideração técnica', 'choice', { options: plainOptions(CONSIDERATIONS) }),
        field('recomendation', 'Recomendação', 'choice', { options: plainOptions(RECOMMENDATIONS) }),
        field('exposition_recomendation', 'Recomendação sobre a exposição', 'note'),
      ],
    },
    {
      block: 'validation',
      title: 'Validação da medição',
      nodes: [
        field('avaliation', 'Avaliação', 'note', { required: true }),
        field('exposition', 'Exposição', 'choice', { required: true, options: plainOptions(YES_NO) }),
        field('sample_type', 'Tipo de amostra', 'choice', { required: true, options: plainOptions(EXPOSITION_TYPES) }),
        field('justify', 'Justificativa', 'note', { required: true }),
        field('initial_tbs', 'tbs inicial (°C)', 'decimal', { required: true }),
        field('initial_tbn', 'tbn inicial (°C)', 'decimal', { required: true }),
        field('initial_tg', 'tg inicial (°C)', 'decimal', { required: true }),
        field('final_tbs', 'tbs final (°C)', 'decimal', { required: true }),
        field('final_tbn', 'tbn final (°C)', 'decimal', { required: true }),
        field('final_tg', 'tg final (°C)', 'decimal', { required: true }),
        field('stabilization', 'Estabilização', 'line', { required: true }),
        field('equipment', 'Equipamento', 'line', { required: true }),
      ],
    },
  ],
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: [
      ...['initial', 'final', 'duration', 'ura', 'var', 'tbs', 'tbn', 'tg', 'ibutg', 'typed'].map((key) => `tasks.*.${key}`),
      'observation',
    ],
    result: ['metabolism', 'ibutg', 'action_level', 'max', 'criterion'],
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyHeatBlocks()[block]),
  derive: (blocks) => deriveHeatBlocks(blocks),
  markedTabs: ['risk_classification'],
};
