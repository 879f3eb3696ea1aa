/**
 * What a customer-type user sees of a sample (issue 28): Resultado,
 * Classificação and Validação only once it is approved or issued
 * (RELEASED_STATES). Before that every answer they get (lists, pull, one)
 * carries those blocks empty and no approval, so nothing reaches their
 * device early; its report and its history are refused (403 'Os resultados
 * desta amostra ficam disponíveis após a aprovação.'). Approving moves the
 * sample's `updated_at`, so their next pull brings the whole sample. Their
 * dashboard counts what their device has (server/routes/dashboard/figures.ts),
 * and the highest-risk alert reaches them only once the sample is released
 * (alert-events.ts).
 */
import type { FastifyRequest } from 'fastify';
import { isReleasedState, SAMPLE_REVIEW_MESSAGES, sampleStateOf, type Sample } from '@sync/contract/samples';
import { requireAuth } from '@server/auth/authenticate';
import { forbidden } from '@server/http/errors';

/** Whether a sample's results are hidden from this kind of reader (the dashboard counts and the alerts read it too). */
export function resultsHiddenFrom(isCustomer: boolean, sample: { status?: unknown }): boolean {
  return isCustomer && !isReleasedState(sampleStateOf(sample));
}

function hidesResults(request: FastifyRequest, sample: Pick<Sample, 'status'>): boolean {
  return resultsHiddenFrom(requireAuth(request).user.isCustomer, sample);
}

export function sampleAsSeenBy(request: FastifyRequest, sample: Sample): Sample {
  if (!hidesResults(request, sample)) return sample;
  return { ...sample, result: {}, risk_classification: {}, validation: {}, approval: null };
}

/** 403 for a customer-type user while the sample's results are not released. */
export function assertResultsVisible(request: FastifyRequest, sample: Pick<Sample, 'status'>): void {
  if (hidesResults(request, sample)) throw forbidden(SAMPLE_REVIEW_MESSAGES.resultsHidden);
}
