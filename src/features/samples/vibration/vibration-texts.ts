import { blockLabels } from '@sync/contract/samples/descriptor';
import { VIBRATION_DESCRIPTOR } from '@sync/contract/samples/vibration-descriptor';

/**
 * The vibration tabs' texts: the fields' labels are the descriptor's
 * (sync/contract/samples/vibration-descriptor.ts), the one copy the report
 * and the merge read too; the rest are the tabs' own
 * (docs/decisions/samples-vibration.md).
 */
const M = blockLabels(VIBRATION_DESCRIPTOR, 'memory_field');
const R = blockLabels(VIBRATION_DESCRIPTOR, 'result');
const C = blockLabels(VIBRATION_DESCRIPTOR, 'risk_classification');
const V = blockLabels(VIBRATION_DESCRIPTOR, 'validation');

export const VIBRATION_TEXTS = {
  memory: {
    instruments: 'Instrumentos',
    data: M.data!,
    medition: M.medition!,
    times: M.times!,
    agent: M.agent!,
    typeTitle: 'Tipo de vibração e critério',
    vibrationType: M.vibration_type!,
    typeRule: 'Corpo inteiro: NHO 09, critério AREN/VDVR. Mãos e braços: NHO 10, critério AREN.',
    method: M.method!,
    criterion: M.criterion!,
    criterion1: M.criterion_1!,
    exposureTitle: 'Exposição',
    component: M.component!,
    expositionTime: M.exposition_time!,
    cycle: M.cycle!,
    sampleTime: M.sample_time!,
    repeatNumber: M.repeat_number!,
    sourceTitle: 'Fonte de vibração',
    vibrationFont: M.vibration_font!,
    frequency: M.frequency!,
    brand: M.brand!,
    model: M.model!,
    equipmentYear: M.equipment_year!,
    bankType: M.bank_type!,
    tireType: M.tire_type!,
    floorType: M.floor_type!,
    operatingSpeed: M.operating_speed!,
    measurements: M.measurements!,
    measurementsHint:
      'Uma linha por componente de exposição medido. Com uma só linha, sem tempos próprios, valem o tempo de exposição (ou ciclo × repetições) e o tempo de amostragem acima.',
    measurementTitle: (index: number) => `Medição ${index + 1}`,
    name: M.name!,
    exposureTime: M.exposure_time!,
    measuredTime: M.measured_time!,
    ax: M.ax!,
    ay: M.ay!,
    az: M.az!,
    arep: M.arep!,
    vdvX: M.vdv_x!,
    vdvY: M.vdv_y!,
    vdvZ: M.vdv_z!,
    vdvExp: M.vdv_exp!,
    arepFromAxes: 'Calculado dos três eixos',
    arepTyped: 'Sem eixos: digite o arep do instrumento',
    vdvExpHow: 'Os três eixos, x e y × 1,4, escalados à exposição',
    epis: M.epis!,
    observation: M.observation!,
  },
  result: {
    rows: R.rows!,
    norma: R.norma!,
    criterion: R.criterion!,
    result: R.result!,
    limit: R.limit!,
    basis: R.basis!,
    typedByHand: 'Digitado pelo técnico',
    components: 'Componentes medidos',
    component: 'Componente',
    exposure: 'Exposição',
    arep: M.arep!,
    vdvExp: 'VDV na exposição',
    noType: 'Escolha o tipo de vibração em Memória de campo: corpo inteiro (NHO 09) ou mãos e braços (NHO 10).',
    missing:
      'Preencha em Memória de campo, para cada componente, as acelerações (ou o arep) e o tempo de exposição; o resultado também pode ser digitado aqui.',
  },
  classification: {
    aren: C.aren!,
    arenBand: C.aren_band!,
    vdvr: C.vdvr!,
    vdvrBand: C.vdvr_band!,
    consideration: C.consideration!,
    recomendation: C.recomendation!,
    expositionRecomendation: C.exposition_recomendation!,
    proposed: 'Proposta pela faixa',
    chosen: 'Escolhida pelo técnico; limpe para voltar à proposta',
    bands: 'Faixas',
    band: 'Faixa',
    noFigure: 'Sem resultado em Resultado',
  },
  validation: {
    avaliation: V.avaliation!,
    exposition: V.exposition!,
    sampleType: V.sample_type!,
    justify: V.justify!,
  },
} as const;
