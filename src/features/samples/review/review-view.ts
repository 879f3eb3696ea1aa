/**
 * What the sample page offers one user for one sample, from the contract's
 * rules alone (sync/contract/samples/review.ts), as pure functions tested as
 * tables: the state, how much may be edited (`editScope`), whether
 * Finalizar is offered, the review actions `reviewRefusal` allows, and each
 * tab's access ('hidden' for a customer-type user before approval, 'lab'
 * for the chemical result rows' laboratory fields while waiting for the
 * laboratory). The server refuses whatever these refuse, with the same
 * messages, so a button shown here is one the server accepts.
 */
import {
  editScope,
  isReleasedState,
  REVIEW_ACTIONS,
  reviewRefusal,
  SAMPLE_REVIEW_MESSAGES,
  sampleStateOf,
  type ReviewAction,
  type ReviewActor,
  type ReviewOptions,
  type SampleBlockName,
  type SampleState,
  type SampleTypeSlug,
} from '@sync/contract/samples';

export type EditScope = ReturnType<typeof editScope>;

export interface ReviewView {
  state: SampleState;
  scope: EditScope;
  canFinalize: boolean;
  /** The review actions (all but Finalizar) this user may take now, in the contract's order. */
  actions: readonly ReviewAction[];
  /** Why Aprovar is not offered in review (no council, self-approval), to say in the section. */
  hints: readonly string[];
  /** A customer-type user and the sample is not approved: no results, no report. */
  resultsHidden: boolean;
}

export interface ReviewedSample {
  status?: unknown;
  finalized_by?: number | null;
}

/** Refusals of Aprovar worth explaining in review: the user could approve if the profile or the setting allowed it. */
const EXPLAINED = new Set<string>([SAMPLE_REVIEW_MESSAGES.councilRequired, SAMPLE_REVIEW_MESSAGES.selfApproval]);

export function reviewViewOf(sample: ReviewedSample, actor: ReviewActor, options: ReviewOptions): ReviewView {
  const state = sampleStateOf(sample);
  const subject = { state, finalizedBy: sample.finalized_by ?? null };
  const actions: ReviewAction[] = [];
  const hints = new Set<string>();
  for (const action of REVIEW_ACTIONS) {
    if (action === 'finalize') continue;
    const refusal = reviewRefusal(action, subject, actor, options);
    if (refusal === null) actions.push(action);
    else if (action === 'approve' && EXPLAINED.has(refusal)) hints.add(refusal);
  }
  return {
    state,
    scope: editScope(state, actor),
    canFinalize: reviewRefusal('finalize', subject, actor, options) === null,
    actions,
    hints: [...hints],
    resultsHidden: actor.isCustomer && !isReleasedState(state),
  };
}

export type TabAccess = 'edit' | 'lab' | 'read' | 'hidden';

/** The tabs a customer-type user does not see before approval. */
const RESULT_TABS: readonly SampleBlockName[] = ['result', 'risk_classification'];

export function tabAccessOf(view: Pick<ReviewView, 'scope' | 'resultsHidden'>, slug: SampleTypeSlug | undefined, block: SampleBlockName): TabAccess {
  if (view.resultsHidden && RESULT_TABS.includes(block)) return 'hidden';
  switch (view.scope) {
    case 'any':
    case 'reviewer':
      return 'edit';
    case 'lab':
      return slug === 'chemical' && block === 'result' ? 'lab' : 'read';
    case 'none':
      return 'read';
  }
}
