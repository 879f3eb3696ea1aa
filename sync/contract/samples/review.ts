/**
 * Review and approval of a sample (issue 28; docs/decisions/sample-review.md):
 * the states a sample goes through, who may move it and from where, the
 * bodies of the review calls and their Portuguese messages. One source read
 * by the device (which buttons it shows, whether a tab is read-only) and by
 * the server (which refuses what this table refuses, with the same text).
 *
 *   rascunho ─Finalizar→ finalizada ─(server, at once)→ em_revisao
 *                                   └(chemical)→ aguardando_laboratorio ─Concluir laboratório→ em_revisao
 *   em_revisao ─Aprovar→ aprovada ─Emitir→ emitida
 *   finalizada | aguardando_laboratorio | em_revisao ─Devolver (motivo)→ devolvida ─Finalizar→ …
 *   any state before approval ─Cancelar (motivo)→ cancelada
 *   aprovada | emitida ─Invalidar (motivo)→ substituida, and revision n+1 is created in em_revisao
 *
 * `finalizada` is what the device shows from the moment the technician
 * finalizes (offline too) until the server has taken the sample on; the
 * server records it in the history and moves on in the same transaction.
 */
import { z } from 'zod';
import { text, TEXT_LIMITS } from '../fields';
import type { SampleTypeSlug } from './types';

export const SAMPLE_STATES = [
  'rascunho',
  'finalizada',
  'aguardando_laboratorio',
  'em_revisao',
  'aprovada',
  'emitida',
  'devolvida',
  'cancelada',
  'substituida',
] as const;
export type SampleState = (typeof SAMPLE_STATES)[number];

export const SAMPLE_STATE_LABELS: Record<SampleState, string> = {
  rascunho: 'Rascunho',
  finalizada: 'Finalizada',
  aguardando_laboratorio: 'Aguardando laboratório',
  em_revisao: 'Em revisão',
  aprovada: 'Aprovada',
  emitida: 'Emitida',
  devolvida: 'Devolvida',
  cancelada: 'Cancelada',
  substituida: 'Substituída',
};

/** The states in which the technician edits the sample freely. */
export const EDITABLE_STATES: readonly SampleState[] = ['rascunho', 'devolvida'];
/** The states whose results a customer-type user may see (Resultado, Classificação, the report). */
export const RELEASED_STATES: readonly SampleState[] = ['aprovada', 'emitida'];

/** A record's state: a sample stored before issue 28 has none and is a draft. */
export function sampleStateOf(record: { status?: unknown }): SampleState {
  const value = record.status;
  if (value === undefined || value === null || value === '') return 'rascunho';
  if (typeof value === 'string' && (SAMPLE_STATES as readonly string[]).includes(value)) return value as SampleState;
  throw new Error(`Unknown sample state ${String(value)}`);
}

export function isEditableState(state: SampleState): boolean {
  return EDITABLE_STATES.includes(state);
}

export function isReleasedState(state: SampleState): boolean {
  return RELEASED_STATES.includes(state);
}

/* ---------- actions ---------- */

export const REVIEW_ACTIONS = ['finalize', 'lab_done', 'return', 'approve', 'issue', 'cancel', 'invalidate'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const REVIEW_ACTION_LABELS: Record<ReviewAction, string> = {
  finalize: 'Finalizar',
  lab_done: 'Concluir laboratório',
  return: 'Devolver',
  approve: 'Aprovar',
  issue: 'Emitir',
  cancel: 'Cancelar',
  invalidate: 'Invalidar',
};

interface ActionRule {
  from: readonly SampleState[];
  /** A reason is required (Devolver, Cancelar, Invalidar). */
  reason: boolean;
  /** Only a reviewer: a user with council data on the profile. */
  reviewer: boolean;
  /** Works offline, queued in the outbox; the others need the server. */
  offline: boolean;
}

export const REVIEW_RULES: Record<ReviewAction, ActionRule> = {
  finalize: { from: ['rascunho', 'devolvida'], reason: false, reviewer: false, offline: true },
  lab_done: { from: ['aguardando_laboratorio'], reason: false, reviewer: false, offline: false },
  return: { from: ['finalizada', 'aguardando_laboratorio', 'em_revisao'], reason: true, reviewer: true, offline: false },
  approve: { from: ['em_revisao'], reason: false, reviewer: true, offline: false },
  issue: { from: ['aprovada'], reason: false, reviewer: false, offline: false },
  cancel: { from: ['rascunho', 'finalizada', 'aguardando_laboratorio', 'em_revisao', 'devolvida'], reason: true, reviewer: true, offline: false },
  invalidate: { from: ['aprovada', 'emitida'], reason: true, reviewer: true, offline: false },
};

/**
 * Where an action leads. Finalizar is `finalizada` on the device; the server
 * moves it on at once (`afterFinalize`).
 */
export function stateAfter(action: ReviewAction): SampleState {
  switch (action) {
    case 'finalize':
      return 'finalizada';
    case 'lab_done':
      return 'em_revisao';
    case 'return':
      return 'devolvida';
    case 'approve':
      return 'aprovada';
    case 'issue':
      return 'emitida';
    case 'cancel':
      return 'cancelada';
    case 'invalidate':
      return 'substituida';
  }
}

/** The state the server puts a finalized sample in: a chemical sample waits for its laboratory. */
export function afterFinalize(type: SampleTypeSlug): SampleState {
  return type === 'chemical' ? 'aguardando_laboratorio' : 'em_revisao';
}

/* ---------- who ---------- */

export const SAMPLE_REVIEW_MESSAGES = {
  alreadyFinalized: 'Amostra já finalizada: peça a devolução',
  reasonRequired: 'Informe o motivo.',
  customerUser: 'Usuários do tipo cliente não podem alterar amostras.',
  noPermission: 'Você não tem permissão para alterar amostras.',
  councilRequired: 'Para revisar e aprovar, cadastre no seu perfil o conselho profissional (tipo, número e UF).',
  selfApproval: 'Quem finalizou a amostra não pode aprová-la.',
  labFieldsOnly: 'Aguardando laboratório: só o resultado, o LQ e o nº do laudo do laboratório podem ser alterados.',
  deleteOnlyDraft: 'Só amostras em rascunho podem ser excluídas. Para descartar esta, cancele-a com um motivo.',
  resultsHidden: 'Os resultados desta amostra ficam disponíveis após a aprovação.',
  verifyNotFound: 'Código de verificação não encontrado.',
  /** 'Não é possível aprovar uma amostra em rascunho.' */
  wrongState: (action: ReviewAction, state: SampleState) =>
    `Não é possível ${REVIEW_ACTION_LABELS[action].toLowerCase()} uma amostra no estado "${SAMPLE_STATE_LABELS[state]}".`,
  /** The recomputed figure differs from the stored one. */
  figureDiffers: (label: string) => `O valor de "${label}" não confere com o recalculado. Salve a amostra novamente antes de aprovar.`,
} as const;

/** Who is asking, in the terms the rules need. */
export interface ReviewActor {
  userId: number;
  isCustomer: boolean;
  /** Has the samples module (administrators always). */
  canWriteSamples: boolean;
  /** Has council type, number and UF on the profile. */
  hasCouncil: boolean;
}

export interface ReviewSubject {
  state: SampleState;
  /** Who finalized it last (null: never finalized). */
  finalizedBy: number | null;
}

export interface ReviewOptions {
  /** Setting `settings_allowSelfApproval` (one-person consultancies). */
  allowSelfApproval: boolean;
}

/** Null when `actor` may take `action` on `subject`; otherwise the Portuguese reason. */
export function reviewRefusal(action: ReviewAction, subject: ReviewSubject, actor: ReviewActor, options: ReviewOptions): string | null {
  if (actor.isCustomer) return SAMPLE_REVIEW_MESSAGES.customerUser;
  if (!actor.canWriteSamples) return SAMPLE_REVIEW_MESSAGES.noPermission;
  const rule = REVIEW_RULES[action];
  if (!rule.from.includes(subject.state)) return SAMPLE_REVIEW_MESSAGES.wrongState(action, subject.state);
  if (rule.reviewer && !actor.hasCouncil) return SAMPLE_REVIEW_MESSAGES.councilRequired;
  if (action === 'approve' && !options.allowSelfApproval && subject.finalizedBy === actor.userId) return SAMPLE_REVIEW_MESSAGES.selfApproval;
  return null;
}

/**
 * Whether a save of the sample's fields is accepted in this state:
 * 'any' in a draft or a returned sample, 'lab' (the laboratory fields of the
 * chemical result rows) while waiting for the laboratory, 'reviewer' (any
 * field, logged) in review by a reviewer, otherwise 'none'.
 */
export function editScope(state: SampleState, actor: ReviewActor): 'any' | 'lab' | 'reviewer' | 'none' {
  if (actor.isCustomer || !actor.canWriteSamples) return 'none';
  if (isEditableState(state)) return 'any';
  if (state === 'aguardando_laboratorio') return 'lab';
  if (state === 'em_revisao' && actor.hasCouncil) return 'reviewer';
  return 'none';
}

/** The chemical result row's fields the laboratory fills (editable in `aguardando_laboratorio`). */
export const LAB_RESULT_FIELDS = ['result', 'lq', 'lab_report'] as const;

/* ---------- bodies ---------- */

const reasonText = text(TEXT_LIMITS.note, { multiline: true });

/** `PUT api/sample/{id}/finalize` (the outbox command; no body needed). */
export const sampleFinalizeInputSchema = z.object({});

/** `PUT api/sample/{id}/review`: every action but Finalizar. */
export const sampleReviewInputSchema = z
  .object({
    action: z.enum(['lab_done', 'return', 'approve', 'issue', 'cancel', 'invalidate'], { error: 'Ação inválida' }),
    reason: reasonText.optional(),
  })
  .superRefine((value, context) => {
    if (REVIEW_RULES[value.action].reason && (value.reason ?? '').trim() === '') {
      context.addIssue({ code: 'custom', path: ['reason'], message: SAMPLE_REVIEW_MESSAGES.reasonRequired });
    }
  });
export type SampleReviewInput = z.output<typeof sampleReviewInputSchema>;

/** `POST api/sample/{id}/comment`: comments are append-only. */
export const sampleCommentInputSchema = z.object({
  text: text(TEXT_LIMITS.note, { multiline: true }).refine((v) => v.trim() !== '', 'Escreva o comentário.'),
});

/* ---------- what the sample carries ---------- */

/** The approval as the sample carries it (null until approved). */
export const sampleApprovalSchema = z.object({
  /** Short verification code printed on the report (`GET api/sample/verify/{code}`). */
  code: z.string(),
  approver_name: z.string(),
  /** 'CREA 123456/SP' */
  council: z.string(),
  /** ISO time on the server. */
  approved_at: z.string(),
});
export type SampleApproval = z.infer<typeof sampleApprovalSchema>;

/** `council_type number/UF`, as the report prints it. */
export function councilText(council: { council_type: string | null; council_number: string | null; council_uf: string | null }): string {
  if (!council.council_type || !council.council_number || !council.council_uf) return '';
  return `${council.council_type} ${council.council_number}/${council.council_uf}`;
}

/** The review fields the server adds to a sample (never sent by the device). */
export const sampleReviewFieldsShape = {
  status: z.enum(SAMPLE_STATES),
  /** 1 for the first; an invalidated sample's replacement is n + 1. */
  revision: z.number().int().positive(),
  replaces_id: z.number().int().nullable(),
  replaced_by_id: z.number().int().nullable(),
  finalized_by: z.number().int().nullable(),
  /** The reason of the last Devolver, Cancelar or Invalidar (the technician reads it offline); null otherwise. */
  status_reason: z.string().nullable(),
  approval: sampleApprovalSchema.nullable(),
};

/* ---------- history ---------- */

export const SAMPLE_EVENT_KINDS = ['state', 'edit', 'comment'] as const;

export const sampleEventSchema = z.object({
  id: z.number().int(),
  sample_id: z.number().int(),
  kind: z.enum(SAMPLE_EVENT_KINDS),
  /** The action of a state change (null for edits and comments). */
  action: z.enum(REVIEW_ACTIONS).nullable(),
  from_state: z.enum(SAMPLE_STATES).nullable(),
  to_state: z.enum(SAMPLE_STATES).nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  device: z.string().nullable(),
  reason: z.string().nullable(),
  /** Edits: each changed field's path ('result.agents.0.result'), before and after. */
  changes: z.array(z.object({ path: z.string(), label: z.string(), before: z.unknown(), after: z.unknown() })),
  at: z.string(),
});
export type SampleEvent = z.infer<typeof sampleEventSchema>;

/** `GET api/sample/{id}/history`: oldest first. */
export const sampleHistoryResponseSchema = z.array(sampleEventSchema);

/**
 * `GET api/sample/verify/{code}`: public; says nothing but the verdict and
 * who approved what, when. 'confere': the stored sample and its files are
 * what was approved; 'não confere': something changed since; 'substituída':
 * it is what was approved, but the approval was invalidated and a new
 * revision replaces it.
 */
export const SAMPLE_VERDICTS = ['confere', 'não confere', 'substituída'] as const;
export const sampleVerifyResponseSchema = z.object({
  verdict: z.enum(SAMPLE_VERDICTS),
  sample_no: z.number().int(),
  approver_name: z.string(),
  approved_at: z.string(),
});
export type SampleVerifyResponse = z.infer<typeof sampleVerifyResponseSchema>;

/** Request header naming the device that sent a write (the history's 'from which device'). */
export const DEVICE_HEADER = 'x-device-id';
