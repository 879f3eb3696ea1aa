/**
 * The review and approval texts of the samples area (issue 28). The rules'
 * messages (refusals, 'Informe o motivo.', the customer's notice) are the
 * contract's (sync/contract/samples/review.ts), shown as they are; these are
 * the screens' own: buttons, modal texts, notices, the history's labels.
 */
import { REVIEW_ACTION_LABELS, type ReviewAction } from '@sync/contract/samples';

type ReasonAction = Extract<ReviewAction, 'return' | 'cancel' | 'invalidate'>;
type ConfirmAction = Extract<ReviewAction, 'approve' | 'lab_done' | 'issue'>;

export const REVIEW_TEXTS = {
  state: 'Estado',
  revision: (n: number) => `Revisão ${n}`,
  previousRevision: (n: number) => `Ver revisão ${n} (substituída)`,
  nextRevision: (n: number) => `Ver revisão ${n}`,
  finalize: REVIEW_ACTION_LABELS.finalize,
  finalizeTitle: 'Finalizar amostra',
  finalizeMessage:
    'Ao finalizar, a amostra segue para revisão e fica somente leitura para você até que o revisor a devolva. Alterações ainda não salvas são salvas antes. Funciona sem conexão: a finalização é enviada na próxima sincronização.',
  finalizeMissing: (count: number) =>
    count === 1 ? 'Atenção: 1 campo obrigatório está em branco.' : `Atenção: ${count} campos obrigatórios estão em branco.`,
  finalized: 'Amostra finalizada. Ela será enviada para revisão na próxima sincronização.',
  cancel: 'Voltar',
  section: 'Revisão',
  reason: 'Motivo',
  reasonTitle: { return: 'Devolver amostra', cancel: 'Cancelar amostra', invalidate: 'Invalidar aprovação' } satisfies Record<ReasonAction, string>,
  reasonIntro: {
    return: 'Explique o que deve ser corrigido. A amostra volta a ser editável por quem a fez.',
    cancel: 'A amostra será cancelada e não poderá mais ser alterada.',
    invalidate: 'A aprovação deixa de valer e uma nova revisão da amostra é criada, em revisão, para a correção.',
  } satisfies Record<ReasonAction, string>,
  confirmTitle: { approve: 'Aprovar amostra', lab_done: 'Concluir laboratório', issue: 'Emitir amostra' } satisfies Record<ConfirmAction, string>,
  confirmMessage: {
    approve:
      'O servidor recalcula todos os resultados e congela a amostra com o seu nome, o seu conselho e a data. Depois da aprovação, ela só muda por invalidação, que cria uma nova revisão.',
    lab_done: 'Os resultados do laboratório foram lançados? A amostra segue para revisão.',
    issue: 'Marcar a amostra como emitida (usada em um laudo ou em uma exportação)?',
  } satisfies Record<ConfirmAction, string>,
  sending: (label: string) => `Enviando: ${label}…`,
  waiting: (label: string) => `${label}: aguardando envio ao servidor.`,
  refused: (label: string) => `${label}: recusado pelo servidor`,
  retry: 'Tentar novamente',
  discard: 'Descartar a ação',
  sent: (label: string) => `${label}: enviado ao servidor.`,
  readOnly: {
    finalizada: 'Finalizada: somente leitura até a revisão. Se precisar corrigir algo, peça a devolução.',
    em_revisao: 'Em revisão: somente leitura. Só um revisor (com conselho profissional no perfil) altera a amostra agora.',
    reviewer: 'Em revisão: cada alteração que você salvar fica registrada no histórico, com o valor anterior e o novo.',
    closed: (label: string) => `${label}: somente leitura.`,
  },
  reasonTitleOf: {
    devolvida: 'Amostra devolvida para correção',
    cancelada: 'Amostra cancelada',
    substituida: 'Aprovação invalidada: amostra substituída',
  },
  history: {
    title: 'Histórico',
    offline: 'O histórico só pode ser consultado com conexão com a internet.',
    notSent: 'O histórico começa quando a amostra chega ao servidor.',
    empty: 'Nenhum registro ainda.',
    loading: 'Carregando o histórico…',
    reload: 'Atualizar',
    edit: 'Edição',
    comment: 'Comentário',
    device: (device: string) => `Aparelho: ${device}`,
    reason: 'Motivo',
    changes: 'Alterações',
    empty_value: '—',
    newComment: 'Novo comentário',
    commentHint: 'Comentários ficam no histórico e não podem ser editados nem apagados.',
    send: 'Comentar',
    commentSent: 'Comentário enviado.',
  },
} as const;

export type { ConfirmAction, ReasonAction };
