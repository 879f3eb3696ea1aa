/**
 * The vibration sample (whole body NHO 09, hands and arms NHO 10) as one
 * unit (descriptor.ts): its blocks' fields in the form's order with their
 * labels, what is required and what a duplicate clears
 * (docs/decisions/samples-vibration.md), and its derivation
 * (vibration-derive.ts).
 *
 * Required: who was measured, the instrument and calibrator, the date, the
 * vibration type, the day's exposure time and the sample time, each result
 * row's result and the consideration, and every validation field. A
 * duplicate clears the worker, the date, the times, each measurement's
 * times and readings, the whole result, classification and validation, and
 * the observation; it keeps the instrument and calibrator, the type, method
 * and criteria, the component, cycle and repetitions, the vibration source
 * and its machine (same GHE, same machine), each measurement's name and the
 * EPIs.
 */
import { CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';
import { SECONDARY_CRITERION, VIBRATION_CRITERIA, VIBRATION_METHODS, VIBRATION_TYPES } from '@/domain/vibration';
import { blockSchemasOf } from './blocks';
import { EXPOSITION_TYPES, YES_NO } from './block-fields';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_NODES, EPI_NODE, field, instrumentNodes, OBSERVATION_NODE, plainOptions } from './common-nodes';
import type { RowsNode, SampleTypeDescriptor } from './descriptor';
import { emptyVibrationBlocks, VIBRATION_BLOCK_SCHEMAS } from './vibration';
import { deriveVibrationBlocks } from './vibration-derive';

const figure = { figure: true } as const;

/** The units as the labels write them. */
export const VIBRATION_UNIT_LABELS = { acceleration: 'm/s²', vdv: 'm/s^1,75' } as const;
const A = VIBRATION_UNIT_LABELS.acceleration;
const V = VIBRATION_UNIT_LABELS.vdv;

const MEASUREMENTS: RowsNode = {
  kind: 'rows',
  key: 'measurements',
  label: 'Medições',
  rowLabel: (index) => `Medição ${index + 1}`,
  nodes: [
    field('name', 'Componente de exposição'),
    field('exposure_time', 'Exposição diária (HH:mm)', 'duration'),
    field('measured_time', 'Tempo medido (HH:mm)', 'duration'),
    field('ax', `Aceleração x (${A})`, 'decimal'),
    field('ay', `Aceleração y (${A})`, 'decimal'),
    field('az', `Aceleração z (${A})`, 'decimal'),
    field('arep', `arep (${A})`, 'decimal', figure),
    field('vdv_x', `VDV x (${V})`, 'decimal'),
    field('vdv_y', `VDV y (${V})`, 'decimal'),
    field('vdv_z', `VDV z (${V})`, 'decimal'),
    field('vdv_exp', `VDV na exposição (${V})`, 'decimal', figure),
  ],
};

/** The result rows in the order the derivation gives them: AREN, then VDVR for whole body. */
const RESULT_ROWS: RowsNode = {
  kind: 'rows',
  key: 'rows',
  label: 'Resultados',
  rowLabel: (index) => (index === 0 ? 'AREN' : 'VDVR'),
  nodes: [
    field('norma', 'Norma', 'line', figure),
    field('criterion', 'Critério', 'line', figure),
    field('result', 'Resultado', 'decimal', { ...figure, required: true, swatch: 'bgColor' }),
    field('limit', 'Limite', 'line', figure),
    field('basis', 'Base do cálculo', 'line', figure),
    field('bgColor', 'Cor', 'color', { ...figure, hidden: true }),
  ],
};

const MEASURED = ['exposure_time', 'measured_time', 'ax', 'ay', 'az', 'arep', 'vdv_x', 'vdv_y', 'vdv_z', 'vdv_exp'];

export const VIBRATION_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'vibration',
  name: 'Vibração',
  schemas: blockSchemasOf(VIBRATION_BLOCK_SCHEMAS),
  blocks: [
    { block: 'caracterization', title: 'Caracterização', nodes: CARACTERIZATION_NODES },
    {
      block: 'memory_field',
      title: 'Memória de campo',
      nodes: [
        ...instrumentNodes({ gaugeRequired: true }),
        field('data', 'Data', 'date', { required: true }),
        field('medition', 'Medição'),
        field('times', 'Horários'),
        field('agent', 'Agente'),
        field('vibration_type', 'Tipo de vibração', 'choice', { required: true, options: VIBRATION_TYPES }),
        field('method', 'Método', 'choice', { options: plainOptions(VIBRATION_METHODS) }),
        field('criterion', 'Critério', 'choice', { options: plainOptions(VIBRATION_CRITERIA) }),
        field('criterion_1', 'Critério secundário', 'choice', { options: plainOptions([SECONDARY_CRITERION]) }),
        field('component', 'Componente'),
        field('exposition_time', 'Tempo de exposição (HH:mm)', 'duration', { required: true }),
        field('cycle', 'Ciclo (HH:mm)', 'duration'),
        field('sample_time', 'Tempo de amostragem (HH:mm)', 'duration', { required: true }),
        field('repeat_number', 'Número de repetições', 'decimal'),
        field('vibration_font', 'Fonte de vibração'),
        field('frequency', 'Frequência'),
        field('brand', 'Marca'),
        field('model', 'Modelo'),
        field('equipment_year', 'Ano do equipamento', 'decimal'),
        field('bank_type', 'Tipo de assento'),
        field('tire_type', 'Tipo de pneu'),
        field('floor_type', 'Tipo de piso'),
        field('operating_speed', 'Velocidade de operação'),
        MEASUREMENTS,
        EPI_NODE,
        OBSERVATION_NODE,
      ],
    },
    { block: 'result', title: 'Resultado', nodes: [RESULT_ROWS] },
    {
      block: 'risk_classification',
      title: 'Classificação de risco',
      nodes: [
        field('aren', `AREN (${A})`, 'decimal', { ...figure, swatch: 'aren_color' }),
        field('aren_band', 'Faixa do AREN', 'line', figure),
        field('vdvr', `VDVR (${V})`, 'decimal', { ...figure, swatch: 'vdvr_color' }),
        field('vdvr_band', 'Faixa do VDVR', 'line', figure),
        field('consideration', 'Consideração técnica', 'choice', { required: true, swatch: 'bgColor', options: plainOptions(CONSIDERATIONS) }),
        field('recomendation', 'Recomendação', 'choice', { options: plainOptions(RECOMMENDATIONS) }),
        field('exposition_recomendation', 'Recomendação sobre a exposição', 'note'),
        field('aren_color', 'Cor do AREN', 'color', { ...figure, hidden: true }),
        field('vdvr_color', 'Cor do VDVR', 'color', { ...figure, hidden: true }),
        field('bgColor', 'Cor', 'color', { ...figure, hidden: true }),
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
      ],
    },
  ],
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: ['data', 'times', 'exposition_time', 'sample_time', ...MEASURED.map((key) => `measurements.*.${key}`), 'observation'],
    result: 'all',
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: (block) => (block === 'caracterization' ? {} : emptyVibrationBlocks()[block]),
  derive: (blocks) => deriveVibrationBlocks(blocks),
};
