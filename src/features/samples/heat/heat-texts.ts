import { blockLabels } from '@sync/contract/samples/descriptor';
import { HEAT_DESCRIPTOR } from '@sync/contract/samples/heat-descriptor';

/**
 * The heat tabs' texts: the fields' labels are the descriptor's
 * (sync/contract/samples/heat-descriptor.ts), the one copy the report and
 * the merge read too; the rest are the tabs' own (docs/decisions/samples-noise-heat.md).
 */
const M = blockLabels(HEAT_DESCRIPTOR, 'memory_field');
const R = blockLabels(HEAT_DESCRIPTOR, 'result');
const C = blockLabels(HEAT_DESCRIPTOR, 'risk_classification');
const V = blockLabels(HEAT_DESCRIPTOR, 'validation');

export const HEAT_TEXTS = {
  memory: {
    instruments: 'Instrumentos',
    medition: M.medition!,
    sample: M.sample!,
    agent: M.agent!,
    method: M.method!,
    expositionLimit: M.exposition_limit!,
    tasks: M.tasks!,
    taskTitle: (index: number) => `Tarefa ${index + 1}`,
    task: M.task!,
    ura: M.ura!,
    initial: M.initial!,
    final: M.final!,
    duration: M.duration!,
    metabolism: M.metabolism!,
    activityType: M.activity_type!,
    var: M.var!,
    tbs: M.tbs!,
    tbn: M.tbn!,
    tg: M.tg!,
    solarLoad: M.solar_load!,
    ibutg: M.ibutg!,
    epis: M.epis!,
    observation: M.observation!,
    typedByHand: 'Digitado pelo técnico',
  },
  result: {
    tasks: 'IBUTG por tarefa',
    task: 'Tarefa',
    minutes: 'Duração',
    ibutg: 'IBUTG (°C)',
    solar: 'Com carga solar',
    noSolar: 'Sem carga solar',
    clothing: R.clothing!,
    metabolism: R.metabolism!,
    weightedIbutg: R.ibutg!,
    actionLevel: R.action_level!,
    max: R.max!,
    condition: 'Condição',
    criterion: 'Critério',
    weighted: 'Média ponderada pelo tempo das tarefas',
    weightedWithClothing: 'Média ponderada pelo tempo das tarefas, mais a vestimenta',
    missing: 'Preencha em Memória de campo, para cada tarefa, os horários, a taxa metabólica e tbn e tg (e tbs com carga solar).',
    notSixty: (duration: string) => `As tarefas somam ${duration}; a NHO 06 avalia os 60 minutos mais críticos da jornada.`,
  },
  classification: {
    condition: C.condition!,
    consideration: C.consideration!,
    recomendation: C.recomendation!,
    expositionRecomendation: C.exposition_recomendation!,
    figures: (ibutg: string, action: string, max: string) => `IBUTG médio ${ibutg} °C; nível de ação ${action} °C; limite ${max} °C`,
  },
  validation: {
    avaliation: V.avaliation!,
    exposition: V.exposition!,
    sampleType: V.sample_type!,
    justify: V.justify!,
    initial: 'Leituras iniciais',
    final: 'Leituras finais',
    readings: {
      initial_tbs: V.initial_tbs!,
      initial_tbn: V.initial_tbn!,
      initial_tg: V.initial_tg!,
      final_tbs: V.final_tbs!,
      final_tbn: V.final_tbn!,
      final_tg: V.final_tg!,
    },
    stabilization: V.stabilization!,
    equipment: V.equipment!,
  },
} as const;
