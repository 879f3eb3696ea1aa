/**
 * The chemical sample as one unit (descriptor.ts): its blocks' fields in the
 * form's order with their labels (the spec names the fields, not their
 * labels: the usual Portuguese terms of a chemical field memory and a
 * laboratory report), what is required and what a duplicate clears
 * (docs/decisions/samples-chemical.md), and its derivation
 * (chemical-derive.ts).
 *
 * Required: who was measured, the pump and its calibrator, the date, each
 * agent row's agent, pump flow and times; each result row's LQ and
 * calculation base; every validation field but the computed variation. A
 * duplicate (same GHE, another worker) clears the worker, the date, each
 * agent row's measured values (its own date, times, flow, volume, field
 * blank number and the air's conditions), each result row's LQ, result and
 * figures, the classification, the validation and the observation; it keeps
 * the pump and calibrator, the agents with their code, CAS, method and
 * sampler, the limits and option texts of each result row, and the EPIs.
 */
import { CHEMICAL_FLOW_TOLERANCE_PERCENT, RISK_LEVEL_LABELS } from './chemical-figures';
import { blockSchemasOf } from './blocks';
import { EXPOSITION_TYPES, YES_NO } from './block-fields';
import { AERODISPERSOID_SIZES, CALCULATION_BASES, CHEMICAL_BLOCK_SCHEMAS, CHEMICAL_LQ, CHEMICAL_UNITS, emptyChemicalBlocks } from './chemical';
import { deriveChemicalBlocks } from './chemical-derive';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_NODES, EPI_NODE, field, instrumentNodes, OBSERVATION_NODE, plainOptions } from './common-nodes';
import type { RowsNode, SampleTypeDescriptor } from './descriptor';

const figure = { figure: true } as const;
const RISK_OPTIONS = Object.entries(RISK_LEVEL_LABELS).map(([value, label]) => ({ value, label }));

const AGENT_ROWS: RowsNode = {
  kind: 'rows',
  key: 'agents',
  label: 'Agentes',
  rowLabel: (index) => `Agente ${index + 1}`,
  nodes: [
    field('agent', 'Agente', 'line', { required: true }),
    field('agent_code', 'Código'),
    field('agent_cas', 'CAS'),
    field('agent_method', 'Método'),
    field('date', 'Data da amostragem', 'date'),
    field('sampler_type', 'Tipo de amostrador'),
    field('white_field_no', 'Nº do branco de campo'),
    field('pump_flow', 'Vazão da bomba (L/min)', 'decimal', { required: true }),
    field('initial', 'Hora inicial', 'time', { required: true }),
    field('final', 'Hora final', 'time', { required: true }),
    field('interval_initial', 'Início do intervalo', 'time'),
    field('interval_final', 'Fim do intervalo', 'time'),
    field('total_time', 'Tempo total (HH:mm)', 'duration', figure),
    field('volume', 'Volume (L)', 'decimal', figure),
    field('temperature', 'Temperatura (°C)', 'decimal'),
    field('initial_ura', 'Umidade relativa inicial (%)', 'decimal'),
    field('atmospheric_pressure', 'Pressão atmosférica (mmHg)', 'decimal'),
  ],
};

/** The result's figures printed with the row's unit after them (block-content.ts `unit`). */
const inUnit = { unit: 'unity' } as const;

const RESULT_ROWS: RowsNode = {
  kind: 'rows',
  key: 'agents',
  label: 'Resultados',
  rowLabel: (index) => `Resultado ${index + 1}`,
  nodes: [
    field('code', 'Código', 'line', figure),
    field('agent_chemical', 'Agente', 'line', figure),
    field('method', 'Método', 'line', figure),
    field('lq', 'LQ', 'choice', { required: true, options: plainOptions(CHEMICAL_LQ) }),
    field('result', 'Resultado', 'decimal', inUnit),
    field('lab_report', 'Nº do laudo do laboratório'),
    field('unity', 'Unidade', 'choice', { options: plainOptions(CHEMICAL_UNITS) }),
    field('twa', 'TWA', 'decimal', inUnit),
    field('mp', 'Valor NR-15 (LT)', 'decimal', inUnit),
    field('calculation_base', 'Base de cálculo', 'choice', { required: true, options: plainOptions(CALCULATION_BASES) }),
    field('celling', 'Valor teto ACGIH (C)'),
    field('teto', 'Valor teto NR-15'),
    field('size_aerodispersoides', 'Tamanho do aerodispersoide', 'choice', { options: plainOptions(AERODISPERSOID_SIZES) }),
    field('stel', 'STEL'),
    field('action_in_body', 'Ação no organismo'),
    field('notion_skin', 'Notação pele'),
    field('deviation_factor', 'Fator de desvio (FD)', 'decimal', figure),
    field('max_value', 'Valor máximo (LT × FD)', 'decimal', { ...figure, ...inUnit }),
    field('osha', 'OSHA'),
    field('dispersal', 'Meio de dispersão'),
    field('ipvs', 'IPVS'),
    field('odor_limit', 'Limite de odor'),
    field('respirator', 'Respirador'),
    field('molar_mass', 'Massa molar (g/mol)', 'decimal'),
    field('risk_level', 'Nível de risco', 'choice', { ...figure, options: RISK_OPTIONS, swatch: 'bg_color' }),
    field('conclusion', 'Conclusão', 'line', { ...figure, swatch: 'bg_color' }),
    field('bg_color', 'Cor', 'color', { ...figure, hidden: true }),
    field('criterion', 'Critério', 'note', figure),
  ],
};

const CLASSIFICATION_ROWS: RowsNode = {
  kind: 'rows',
  key: 'classifications',
  label: 'Classificações',
  rowLabel: (index) => `Classificação ${index + 1}`,
  nodes: [
    field('agent_chemical', 'Agente', 'line', figure),
    field('index', 'Índice de risco', 'choice', { ...figure, options: RISK_OPTIONS }),
    field('leo', 'LEO (%)', 'line', figure),
    field('frequency', 'Frequência de reavaliação', 'note', figure),
  ],
};

const MEASURED = [
  'date',
  'initial',
  'final',
  'interval_initial',
  'interval_final',
  'total_time',
  'volume',
  'white_field_no',
  'pump_flow',
  'temperature',
  'initial_ura',
  'atmospheric_pressure',
  'typed',
];
const RESULT_CLEARED = ['lq', 'result', 'lab_report', 'deviation_factor', 'max_value', 'conclusion', 'bg_color', 'risk_level', 'criterion', 'typed'];

export const CHEMICAL_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'chemical',
  name: 'Químico',
  schemas: blockSchemasOf(CHEMICAL_BLOCK_SCHEMAS),
  blocks: [
    { block: 'caracterization', title: 'Caracterização', nodes: CARACTERIZATION_NODES },
    {
      block: 'memory_field',
      title: 'Memória de campo',
      nodes: [...instrumentNodes({ gaugeRequired: true }), field('date', 'Data', 'date', { required: true }), AGENT_ROWS, EPI_NODE, OBSERVATION_NODE],
    },
    { block: 'result', title: 'Resultado', nodes: [RESULT_ROWS] },
    {
      block: 'risk_classification',
      title: 'Classificação de risco',
      nodes: [CLASSIFICATION_ROWS, field('recommendation', 'Recomendação', 'note')],
    },
    {
      block: 'validation',
      title: 'Validação da medição',
      nodes: [
        field('exposition', 'Exposição', 'choice', { required: true, options: plainOptions(YES_NO) }),
        field('avaliation', 'Avaliação', 'note', { required: true }),
        field('sample_type', 'Tipo de amostra', 'choice', { required: true, options: plainOptions(EXPOSITION_TYPES) }),
        field('representative', 'Amostra representativa', 'choice', { required: true, options: plainOptions(YES_NO) }),
        field('justify', 'Justificativa', 'note', { required: true }),
        field('varification_initial', 'Vazão inicial (L/min)', 'decimal', { required: true }),
        field('varification_final', 'Vazão final (L/min)', 'decimal', { required: true }),
        field('variation', 'Variação da vazão (%)', 'decimal', figure),
        field('variation_check', `Verificação da vazão (tolerância ±${CHEMICAL_FLOW_TOLERANCE_PERCENT} %)`, 'line', figure),
        field('calibration', 'Calibração', 'choice', { required: true, options: plainOptions(YES_NO) }),
      ],
    },
  ],
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: ['date', ...MEASURED.map((key) => `agents.*.${key}`), 'observation'],
    result: RESULT_CLEARED.map((key) => `agents.*.${key}`),
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyChemicalBlocks()[block]),
  derive: (blocks, context) => deriveChemicalBlocks(blocks, context.thresholds.chemical),
};
