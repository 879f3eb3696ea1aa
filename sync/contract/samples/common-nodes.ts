/**
 * The descriptor nodes every sample type shares (descriptor.ts): the
 * caracterization's common fields (spec samples.md section 3), the
 * instrument and calibrator copied from the equipment, the EPI rows, and the
 * helpers the types' descriptors write their fields with. The labels are the
 * usual Portuguese terms (docs/decisions/samples-noise-heat.md).
 */
import type { FieldInput, FieldNode, FieldOption, RowsNode, SampleNode } from './descriptor';

/** A field node; `extra` sets required, figure, options... */
export function field(key: string, label: string, input: FieldInput = 'line', extra: Partial<FieldNode> = {}): FieldNode {
  return { kind: 'field', key, label, input, ...extra };
}

/** Options whose labels are their values ('Sim', 'Não'). */
export function plainOptions(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: value }));
}

export const CARACTERIZATION_NODES: readonly SampleNode[] = [
  field('sample_no', 'Nº da amostra'),
  field('ghe', 'GHE'),
  field('supervisor', 'Supervisor'),
  field('employee', 'Funcionário', 'line', { required: true }),
  field('register', 'Matrícula'),
  field('function', 'Função', 'line', { required: true }),
  field('sector', 'Setor', 'line', { required: true }),
  field('equipment', 'Equipamento'),
];

/** What a duplicate clears in every type's caracterization: the worker, the sample's own number, its files. */
export const CARACTERIZATION_CLEARED: readonly string[] = ['sample_no', 'employee', 'register', 'files', 'images'];

export const INSTRUMENT_TEXTS = {
  instrument: 'Instrumento',
  gauge: 'Calibrador',
  serie: 'Número de série',
  certificate: 'Certificado de calibração',
  validity: 'Validade da calibração',
} as const;

/** The instrument and calibrator fields (names copied from the chosen equipment); `gaugeRequired` false for heat (no heat calibrator exists in a catalog). */
export function instrumentNodes({ gaugeRequired }: { gaugeRequired: boolean }): SampleNode[] {
  const T = INSTRUMENT_TEXTS;
  const part = (prefix: 'instrument' | 'gauge', name: string, required: boolean) => [
    field(prefix, name, 'line', { required }),
    field(`${prefix}_serie`, `${name} — ${T.serie}`),
    field(`${prefix}_certificate`, `${name} — ${T.certificate}`),
    field(`${prefix}_validity`, `${name} — ${T.validity}`, 'date'),
  ];
  return [...part('instrument', T.instrument, true), ...part('gauge', T.gauge, gaugeRequired)];
}

export const EPI_NODE: RowsNode = {
  kind: 'rows',
  key: 'epis',
  label: 'EPIs',
  rowLabel: (index) => `EPI ${index + 1}`,
  nodes: [field('type', 'Tipo'), field('manufacturer', 'Fabricante'), field('model', 'Modelo'), field('number', 'Número do CA')],
};

export const OBSERVATION_NODE = field('observation', 'Observação', 'note');
