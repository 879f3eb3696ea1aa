/**
 * Chemical and vibration until their issues (22, 23) declare their blocks:
 * only the caracterization's common fields are known and required, their
 * other tabs say 'Em breve' and keep whatever a block holds; nothing is
 * computed. A duplicate clears the worker, the measured values the spec
 * names for their field memory (dates, times, readings), and the result,
 * classification and validation.
 */
import { blockSchemasOf } from './blocks';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_NODES } from './common-nodes';
import type { BlockDescriptor, SampleTypeDescriptor } from './descriptor';

const BLOCKS: readonly BlockDescriptor[] = [
  { block: 'caracterization', title: 'Caracterização', nodes: CARACTERIZATION_NODES },
  { block: 'memory_field', title: 'Memória de campo', nodes: [] },
  { block: 'result', title: 'Resultado', nodes: [] },
  { block: 'risk_classification', title: 'Classificação de risco', nodes: [] },
  { block: 'validation', title: 'Validação da medição', nodes: [] },
];

const CHEMICAL_MEASURED = ['date', 'initial', 'final', 'interval_initial', 'interval_final', 'total_time', 'volume', 'white_field_no'];
const CHEMICAL_CONDITIONS = ['pump_flow', 'temperature', 'initial_ura', 'atmospheric_pressure'];

export const CHEMICAL_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'chemical',
  name: 'Químico',
  schemas: blockSchemasOf({}),
  blocks: BLOCKS,
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: ['date', ...[...CHEMICAL_MEASURED, ...CHEMICAL_CONDITIONS].map((key) => `agents.*.${key}`), 'observation'],
    result: 'all',
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: () => ({}),
  derive: (blocks) => blocks,
};

export const VIBRATION_DESCRIPTOR: SampleTypeDescriptor = {
  slug: 'vibration',
  name: 'Vibração',
  schemas: blockSchemasOf({}),
  blocks: BLOCKS,
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: ['data', 'times', 'exposition_time', 'sample_time', 'observation'],
    result: 'all',
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: () => ({}),
  derive: (blocks) => blocks,
};
