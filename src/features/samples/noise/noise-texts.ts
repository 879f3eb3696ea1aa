import { blockLabels } from '@sync/contract/samples/descriptor';
import { NOISE_DESCRIPTOR, NOISE_NORM_TITLES } from '@sync/contract/samples/noise-descriptor';

/**
 * The noise tabs' texts: the fields' labels are the descriptor's
 * (sync/contract/samples/noise-descriptor.ts), the one copy the report and
 * the merge read too; the rest are the tabs' own (docs/decisions/samples-noise-heat.md).
 */
const M = blockLabels(NOISE_DESCRIPTOR, 'memory_field');
const R = blockLabels(NOISE_DESCRIPTOR, 'result');
const C = blockLabels(NOISE_DESCRIPTOR, 'risk_classification');
const V = blockLabels(NOISE_DESCRIPTOR, 'validation');

export const NOISE_TEXTS = {
  memory: {
    instruments: 'Instrumentos',
    data: M.data!,
    sample: M.sample!,
    medition: M.medition!,
    agent: M.agent!,
    noiseType: M.noise_type!,
    method: M.method!,
    expositionLimit: M.exposition_limit!,
    times: 'Tempos',
    initialTime: M.initial_time!,
    finalTime: M.final_time!,
    intervalInitial: M.interval_initial!,
    intervalFinal: M.interval_final!,
    initialCalibration: M.initial_calibration!,
    finalCalibration: M.final_calibration!,
    task: M.task!,
    duration: M.duration!,
    epis: M.epis!,
    observation: M.observation!,
  },
  result: {
    blocks: NOISE_NORM_TITLES,
    code: R.code!,
    agent: R.agent!,
    method: R.method!,
    result: R.result!,
    lavg: R.lavg!,
    leq: R.leq!,
    twa: R.twa!,
    nen: R.nen!,
    dose8: R.dose8!,
    conclusion: R.conclusion!,
    typedByHand: 'Digitado pelo técnico',
    criterion: 'Critério',
    computedBy: 'Calculado:',
    fromDose: 'calculado da dose medida',
    fromLevel: 'calculado do nível médio',
    levelOf: (norm: string, range: string) => `Configurações > Resultados (${norm}): ${range}`,
    noLevel: 'Sem dose 8h ou fora das faixas das configurações',
    ceiling: 'Nível acima de 115 dB(A): exposição não permitida sem proteção adequada (risco grave e iminente).',
  },
  classification: {
    blocks: NOISE_NORM_TITLES,
    doseDaily: C.dose_daily!,
    consideration: C.consideration!,
    recommendedAction: C.recommended_action!,
    leo: C.leo!,
    recomendation: C.recomendation!,
    levelOf: (norm: string, range: string) => `Dose diária nas configurações (${norm}): ${range}`,
    noLevel: 'Sem dose diária ou fora das faixas das configurações',
  },
  validation: {
    avaliation: V.avaliation!,
    exposition: V.exposition!,
    expositionType: V.exposition_type!,
    justify: V.justify!,
  },
} as const;
