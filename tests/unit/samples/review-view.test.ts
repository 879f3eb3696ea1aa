/**
 * What the sample page offers each user in each review state, from the
 * contract's rules (src/features/samples/review/review-view.ts), as tables:
 * Finalizar and the review buttons per state × user (the buttons the page
 * renders are these: review-section.test.tsx), the hints under 'Revisão',
 * and each tab's access per edit scope (the laboratory's fields only in the
 * chemical Resultado while waiting for the laboratory; Resultado and
 * Classificação hidden from a customer-type user before approval).
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_BLOCKS, SAMPLE_REVIEW_MESSAGES, type ReviewActor, type SampleState } from '@sync/contract/samples';
import { reviewViewOf, tabAccessOf } from '@/features/samples/review/review-view';
import { USERS } from './fixtures';

const NO_SELF = { allowSelfApproval: false };
type User = keyof typeof USERS;

/** state × user → [Finalizar offered, the review actions offered]; the sample was finalized by the technician (id 5). */
const OFFERED: Array<[SampleState, User, boolean, string[]]> = [
  ['rascunho', 'technician', true, []],
  ['rascunho', 'reviewer', true, ['cancel']],
  ['rascunho', 'customer', false, []],
  ['rascunho', 'noModule', false, []],
  ['finalizada', 'technician', false, []],
  ['finalizada', 'reviewer', false, ['return', 'cancel']],
  ['aguardando_laboratorio', 'technician', false, ['lab_done']],
  ['aguardando_laboratorio', 'reviewer', false, ['lab_done', 'return', 'cancel']],
  ['aguardando_laboratorio', 'customer', false, []],
  ['em_revisao', 'technician', false, []],
  ['em_revisao', 'reviewer', false, ['return', 'approve', 'cancel']],
  ['em_revisao', 'selfReviewer', false, ['return', 'cancel']],
  ['em_revisao', 'customer', false, []],
  ['em_revisao', 'noModule', false, []],
  ['aprovada', 'technician', false, ['issue']],
  ['aprovada', 'reviewer', false, ['issue', 'invalidate']],
  ['aprovada', 'customer', false, []],
  ['emitida', 'technician', false, []],
  ['emitida', 'reviewer', false, ['invalidate']],
  ['devolvida', 'technician', true, []],
  ['devolvida', 'reviewer', true, ['cancel']],
  ['cancelada', 'reviewer', false, []],
  ['cancelada', 'technician', false, []],
  ['substituida', 'reviewer', false, []],
];

describe('what each user is offered in each state', () => {
  it.each(OFFERED)('%s, %s: Finalizar %s, review %j', (state, user, finalize, actions) => {
    const view = reviewViewOf({ status: state, finalized_by: 5 }, USERS[user], NO_SELF);
    expect(view.state).toBe(state);
    expect(view.canFinalize).toBe(finalize);
    expect(view.actions).toEqual(actions);
  });

  it('lets the finalizer approve when the setting allows self-approval', () => {
    expect(reviewViewOf({ status: 'em_revisao', finalized_by: 5 }, USERS.selfReviewer, { allowSelfApproval: true }).actions).toEqual([
      'return',
      'approve',
      'cancel',
    ]);
  });

  it('reads a sample stored before issue 28 (no state) as a draft', () => {
    expect(reviewViewOf({}, USERS.technician, NO_SELF)).toMatchObject({ state: 'rascunho', scope: 'any', canFinalize: true });
  });
});

describe('why Aprovar is not offered in review', () => {
  it.each([
    ['technician', [SAMPLE_REVIEW_MESSAGES.councilRequired]],
    ['selfReviewer', [SAMPLE_REVIEW_MESSAGES.selfApproval]],
    ['reviewer', []],
    ['customer', []],
  ] as Array<[User, string[]]>)('%s: %j', (user, hints) => {
    expect(reviewViewOf({ status: 'em_revisao', finalized_by: 5 }, USERS[user], NO_SELF).hints).toEqual(hints);
  });

  it('says nothing about the council on a draft (only review needs it)', () => {
    expect(reviewViewOf({ status: 'rascunho', finalized_by: null }, USERS.technician, NO_SELF).hints).toEqual([]);
  });
});

const TABS = (view: { scope: ReturnType<typeof reviewViewOf>['scope']; resultsHidden: boolean }, slug: 'chemical' | 'noise') =>
  Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, tabAccessOf(view, slug, block)]));

describe("each tab's access", () => {
  it.each([
    [
      'rascunho',
      'technician',
      'chemical',
      { caracterization: 'edit', memory_field: 'edit', result: 'edit', risk_classification: 'edit', validation: 'edit' },
    ],
    [
      'devolvida',
      'technician',
      'noise',
      { caracterization: 'edit', memory_field: 'edit', result: 'edit', risk_classification: 'edit', validation: 'edit' },
    ],
    [
      'finalizada',
      'technician',
      'noise',
      { caracterization: 'read', memory_field: 'read', result: 'read', risk_classification: 'read', validation: 'read' },
    ],
    [
      'aguardando_laboratorio',
      'technician',
      'chemical',
      { caracterization: 'read', memory_field: 'read', result: 'lab', risk_classification: 'read', validation: 'read' },
    ],
    [
      'em_revisao',
      'technician',
      'chemical',
      { caracterization: 'read', memory_field: 'read', result: 'read', risk_classification: 'read', validation: 'read' },
    ],
    [
      'em_revisao',
      'reviewer',
      'chemical',
      { caracterization: 'edit', memory_field: 'edit', result: 'edit', risk_classification: 'edit', validation: 'edit' },
    ],
    [
      'aprovada',
      'reviewer',
      'noise',
      { caracterization: 'read', memory_field: 'read', result: 'read', risk_classification: 'read', validation: 'read' },
    ],
    [
      'em_revisao',
      'customer',
      'noise',
      { caracterization: 'read', memory_field: 'read', result: 'hidden', risk_classification: 'hidden', validation: 'read' },
    ],
    [
      'aprovada',
      'customer',
      'noise',
      { caracterization: 'read', memory_field: 'read', result: 'read', risk_classification: 'read', validation: 'read' },
    ],
    [
      'emitida',
      'customer',
      'chemical',
      { caracterization: 'read', memory_field: 'read', result: 'read', risk_classification: 'read', validation: 'read' },
    ],
  ] as Array<[SampleState, User, 'chemical' | 'noise', Record<string, string>]>)('%s, %s, %s', (state, user, slug, expected) => {
    const view = reviewViewOf({ status: state, finalized_by: 5 }, USERS[user] as ReviewActor, NO_SELF);
    expect(TABS(view, slug)).toEqual(expected);
  });
});
