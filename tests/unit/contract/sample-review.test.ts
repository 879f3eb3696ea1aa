/**
 * The review rules as tables (sync/contract/samples/review.ts): every action
 * × every state for a reviewer, who may act (customer, no module, no
 * council, the finalizer), what a save may touch in each state, and the
 * bodies' messages.
 */
import { describe, expect, it } from 'vitest';
import {
  afterFinalize,
  editScope,
  REVIEW_ACTIONS,
  type ReviewAction,
  type ReviewActor,
  reviewRefusal,
  SAMPLE_REVIEW_MESSAGES as M,
  SAMPLE_STATES,
  type SampleState,
  sampleReviewInputSchema,
  sampleStateOf,
  stateAfter,
} from '@sync/contract/samples/review';

const reviewer: ReviewActor = { userId: 7, isCustomer: false, canWriteSamples: true, hasCouncil: true };
const technician: ReviewActor = { userId: 3, isCustomer: false, canWriteSamples: true, hasCouncil: false };
const customer: ReviewActor = { userId: 9, isCustomer: true, canWriteSamples: false, hasCouncil: false };
const noModule: ReviewActor = { userId: 4, isCustomer: false, canWriteSamples: false, hasCouncil: true };
const strict = { allowSelfApproval: false };

/** From which states each action is allowed (for a reviewer who did not finalize). */
const ALLOWED_FROM: Record<ReviewAction, SampleState[]> = {
  finalize: ['rascunho', 'devolvida'],
  lab_done: ['aguardando_laboratorio'],
  return: ['finalizada', 'aguardando_laboratorio', 'em_revisao'],
  approve: ['em_revisao'],
  issue: ['aprovada'],
  cancel: ['rascunho', 'finalizada', 'aguardando_laboratorio', 'em_revisao', 'devolvida'],
  invalidate: ['aprovada', 'emitida'],
};

describe('every action × every state, for a reviewer', () => {
  const cases = REVIEW_ACTIONS.flatMap((action) => SAMPLE_STATES.map((state) => ({ action, state, allowed: ALLOWED_FROM[action].includes(state) })));
  it.each(cases)('$action from $state: allowed $allowed', ({ action, state, allowed }) => {
    const refusal = reviewRefusal(action, { state, finalizedBy: 1 }, reviewer, strict);
    expect(refusal).toBe(allowed ? null : M.wrongState(action, state));
  });

  it('names the action and the state in Portuguese', () => {
    expect(M.wrongState('approve', 'rascunho')).toBe('Não é possível aprovar uma amostra no estado "Rascunho".');
  });
});

describe('who may act', () => {
  it.each([
    { who: 'customer-type user', actor: customer, action: 'finalize', state: 'rascunho', expected: M.customerUser },
    { who: 'user without the samples module', actor: noModule, action: 'approve', state: 'em_revisao', expected: M.noPermission },
    { who: 'technician', actor: technician, action: 'finalize', state: 'rascunho', expected: null },
    { who: 'technician', actor: technician, action: 'lab_done', state: 'aguardando_laboratorio', expected: null },
    { who: 'technician', actor: technician, action: 'issue', state: 'aprovada', expected: null },
    { who: 'technician', actor: technician, action: 'approve', state: 'em_revisao', expected: M.councilRequired },
    { who: 'technician', actor: technician, action: 'return', state: 'em_revisao', expected: M.councilRequired },
    { who: 'technician', actor: technician, action: 'cancel', state: 'rascunho', expected: M.councilRequired },
    { who: 'technician', actor: technician, action: 'invalidate', state: 'aprovada', expected: M.councilRequired },
    { who: 'technician, wrong state first', actor: technician, action: 'approve', state: 'rascunho', expected: M.wrongState('approve', 'rascunho') },
  ] as const)('$who: $action from $state', ({ actor, action, state, expected }) => {
    expect(reviewRefusal(action, { state, finalizedBy: 1 }, actor, strict)).toBe(expected);
  });

  it.each([
    { allowSelfApproval: false, finalizedBy: reviewer.userId, expected: M.selfApproval },
    { allowSelfApproval: true, finalizedBy: reviewer.userId, expected: null },
    { allowSelfApproval: false, finalizedBy: 1, expected: null },
    { allowSelfApproval: false, finalizedBy: null, expected: null },
  ])('approving what one finalized (setting $allowSelfApproval, finalized by $finalizedBy)', ({ allowSelfApproval, finalizedBy, expected }) => {
    expect(reviewRefusal('approve', { state: 'em_revisao', finalizedBy }, reviewer, { allowSelfApproval })).toBe(expected);
  });

  it('the self-approval rule is only about approving', () => {
    expect(reviewRefusal('return', { state: 'em_revisao', finalizedBy: reviewer.userId }, reviewer, strict)).toBeNull();
  });
});

describe('what a save may touch', () => {
  const scopes: Record<SampleState, [technician: string, reviewer: string]> = {
    rascunho: ['any', 'any'],
    finalizada: ['none', 'none'],
    aguardando_laboratorio: ['lab', 'lab'],
    em_revisao: ['none', 'reviewer'],
    aprovada: ['none', 'none'],
    emitida: ['none', 'none'],
    devolvida: ['any', 'any'],
    cancelada: ['none', 'none'],
    substituida: ['none', 'none'],
  };
  it.each(SAMPLE_STATES.map((state) => ({ state, expected: scopes[state] })))('$state', ({ state, expected }) => {
    expect([editScope(state, technician), editScope(state, reviewer)]).toEqual(expected);
    expect(editScope(state, customer)).toBe('none');
    expect(editScope(state, noModule)).toBe('none');
  });
});

describe('where actions lead', () => {
  it.each([
    ['finalize', 'finalizada'],
    ['lab_done', 'em_revisao'],
    ['return', 'devolvida'],
    ['approve', 'aprovada'],
    ['issue', 'emitida'],
    ['cancel', 'cancelada'],
    ['invalidate', 'substituida'],
  ] as const)('%s → %s', (action, state) => {
    expect(stateAfter(action)).toBe(state);
  });

  it.each([
    ['chemical', 'aguardando_laboratorio'],
    ['noise', 'em_revisao'],
    ['heat', 'em_revisao'],
    ['vibration', 'em_revisao'],
  ] as const)('a finalized %s sample goes to %s on the server', (type, state) => {
    expect(afterFinalize(type)).toBe(state);
  });
});

describe('a record’s state', () => {
  it.each([
    [{}, 'rascunho'],
    [{ status: null }, 'rascunho'],
    [{ status: '' }, 'rascunho'],
    [{ status: 'em_revisao' }, 'em_revisao'],
  ] as const)('%j reads as %s', (record, state) => {
    expect(sampleStateOf(record)).toBe(state);
  });

  it('an unknown state is an error, never read as a draft', () => {
    expect(() => sampleStateOf({ status: 'aprovado' })).toThrow(/Unknown sample state/);
  });
});

describe('the review body', () => {
  it.each([
    [{ action: 'return' }, M.reasonRequired],
    [{ action: 'cancel', reason: '   ' }, M.reasonRequired],
    [{ action: 'invalidate', reason: '' }, M.reasonRequired],
    [{ action: 'finalize' }, 'Ação inválida'],
  ])('%j is refused with “%s”', (body, message) => {
    const parsed = sampleReviewInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it.each([[{ action: 'approve' }], [{ action: 'return', reason: 'Falta a foto do calibrador' }], [{ action: 'lab_done' }]])(
    '%j is accepted',
    (body) => {
      expect(sampleReviewInputSchema.safeParse(body).success).toBe(true);
    },
  );
});
