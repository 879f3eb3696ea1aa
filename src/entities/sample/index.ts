/**
 * The sample pieces shared by features (the quotation page's 'Amostra' and
 * 'Ver amostras', the samples area): the plan made on the device and the
 * links into the samples area, and the user as the review rules see them.
 */
export { planSaves, canCreatePlan } from './plan';
export { useSamplingPlan, type SamplingPlanState } from './use-sampling-plan';
export { SAMPLE_ROUTES } from './sample-routes';
export { reviewActorOf } from './review-actor';
