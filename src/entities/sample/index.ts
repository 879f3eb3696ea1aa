/**
 * The sample pieces shared by features (the quotation page's 'Amostra' and
 * 'Ver amostras', the samples area): the plan made on the device and the
 * links into the samples area.
 */
export { planSaves, canCreatePlan } from './plan';
export { useSamplingPlan, type SamplingPlanState } from './use-sampling-plan';
export { SAMPLE_ROUTES } from './sample-routes';
