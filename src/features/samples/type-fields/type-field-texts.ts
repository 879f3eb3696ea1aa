/**
 * Labels shared by the tabs of every sample type. The spec names the fields
 * but not their labels; these are the usual Portuguese terms of a field
 * memory (docs/decisions/samples-noise-heat.md).
 */
export const TYPE_FIELD_TEXTS = {
  instrument: 'Instrumento',
  gauge: 'Calibrador',
  serie: 'Número de série',
  certificate: 'Certificado de calibração',
  validity: 'Validade da calibração',
  epis: 'EPIs',
  epi: (index: number) => `EPI ${index + 1}`,
  epiType: 'Tipo',
  epiManufacturer: 'Fabricante',
  epiModel: 'Modelo',
  epiNumber: 'Número do CA',
  observation: 'Observação',
  yes: 'Sim',
  no: 'Não',
  select: 'Selecione',
  timePlaceholder: '00:00',
  criterion: 'Critério',
  computed: 'Calculado no dispositivo',
} as const;
