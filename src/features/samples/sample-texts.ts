/** The samples area's texts (spec samples.md sections 2, 8), word for word where the spec gives them. */
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import { QUOTATION_NUMBER_PENDING } from '@/domain/quotation-number';

export const SAMPLE_TEXTS = {
  groupsTitle: 'Amostras',
  /**
   * The spec's words, 'Amostras Ativos do Orçamento ID {quotationId}', with the quotation's number as every
   * sample screen shows it (formatQuotationNumber: '5/2026'), never the internal id or the device's key.
   */
  listTitle: (number: string | null) => `Amostras Ativos do Orçamento ID ${number ?? `(${QUOTATION_NUMBER_PENDING.toLowerCase()})`}`,
  editTitle: 'Amostras/Editar',
  groupsSearch: 'Empresa ou número do orçamento',
  listSearch: 'Agente, funcionário',
  typeFilter: 'Tipos de amostras',
  columns: {
    quotation: 'Orçamento',
    company: 'Empresa',
    count: 'Qtd. Amostragens',
    createdAt: 'Criado em',
    id: 'ID',
    type: 'Tipo',
    agent: 'Agente',
    employee: 'Funcionário',
  },
  viewQuotation: 'Ver orçamento',
  viewSamples: 'Ver amostragens',
  backToGroups: 'Voltar para amostragens',
  newSample: 'Nova amostra',
  edit: 'Editar',
  delete: 'Deletar',
  save: 'Salvar',
  confirmDeleteTitle: 'Confirmar exclusão',
  confirmDelete: 'Deseja realmente excluir esta amostra?',
  groupsEmpty: SAMPLE_MESSAGES.groupedEmpty,
  listEmpty: SAMPLE_MESSAGES.listEmpty,
  noResults: SAMPLE_MESSAGES.noResult,
  saved: SAMPLE_MESSAGES.saved,
  deleted: SAMPLE_MESSAGES.deleted,
  card: 'Dados cadastrais',
  quotation: 'Orçamento',
  company: 'Empresa',
  planDate: 'Data do plano',
  showCustomer: 'Mostrar dados do cliente',
  hideCustomer: 'Ocultar dados do cliente',
  city: 'Cidade',
  agent: 'Agente',
  soon: 'Em breve',
  notFoundTitle: 'Amostras',
  newSampleType: 'Tipo de amostra',
  newSampleRow: 'Agente do orçamento',
  newSampleCreate: 'Criar amostra',
  cancel: 'Cancelar',
  draftRestored: 'Alterações não salvas desta amostra foram recuperadas deste aparelho.',
  discardDraft: 'Descartar alterações',
  unsaved: 'Alterações não salvas',
  // FIELD-UX items 3 and 9 (docs/decisions/samples-flow.md): the spec gives no texts for these.
  tabComplete: 'Completa',
  tabMissing: (count: number) => (count === 1 ? 'Falta 1' : `Faltam ${count}`),
  tabMissingLong: (count: number) => (count === 1 ? '1 campo obrigatório em branco' : `${count} campos obrigatórios em branco`),
  check: 'Verificar',
  /** The bottom bar's name for screen readers (Verificar, Salvar). */
  actions: 'Ações da amostra',
  checkTitle: 'Campos obrigatórios',
  checkNone: 'Todos os campos obrigatórios estão preenchidos.',
  checkIntro: (count: number) =>
    count === 1
      ? 'Falta 1 campo obrigatório. Toque nele para ir até o campo.'
      : `Faltam ${count} campos obrigatórios. Toque num deles para ir até o campo.`,
  checkDraftNote: 'A amostra pode ser salva incompleta; complete antes de validar.',
  close: 'Fechar',
  duplicate: 'Duplicar amostra',
  duplicateShort: 'Duplicar',
  duplicated: 'Amostra duplicada. Preencha o funcionário, os horários e as leituras.',
  sync: {
    pending: 'Pendente de envio',
    sending: 'Enviando…',
    /** On the server ('Enviada' read as sent to the client). */
    sent: 'Sincronizada',
    failed: 'Falhou',
    conflict: 'Em conflito',
    openSync: 'Abrir Sincronização',
  },
} as const;

/** Issue 21: a value the contract refuses, at the field, on its tab's mark, in 'Verificar' and in a refused Salvar. */
export const SAMPLE_FIELD_CHECK_TEXTS = {
  tabInvalid: (count: number) => (count === 1 ? '1 inválido' : `${count} inválidos`),
  tabInvalidLong: (count: number) => (count === 1 ? '1 campo inválido' : `${count} campos inválidos`),
  /** A computed tab (heat's Classificação) with nothing computed yet. */
  tabNoData: 'Sem dados',
  tabNoDataLong: 'Sem dados: nada calculado ainda',
  checkTitle: 'Campos a corrigir',
  checkIntro: (invalid: number, missing: number) => {
    const invalidText = invalid === 1 ? '1 campo inválido' : `${invalid} campos inválidos`;
    if (missing === 0) return `${invalidText}. ${invalid === 1 ? 'Toque nele' : 'Toque num deles'} para ir até o campo.`;
    const missingText = missing === 1 ? '1 obrigatório em branco' : `${missing} obrigatórios em branco`;
    return `${invalidText} e ${missingText}. Toque num deles para ir até o campo.`;
  },
  checkInvalidNote: 'Com um campo inválido a amostra não é salva: corrija-o. Campos em branco não impedem salvar.',
  /** The first refused field ('Memória de campo — Hora inicial: Hora inválida: use HH:mm.') and how many more. */
  saveRefused: (first: string, more: number) => {
    const sentence = /[.!?]$/.test(first) ? first : `${first}.`;
    if (more === 0) return sentence;
    return `${sentence} E mais ${more} ${more === 1 ? 'campo' : 'campos'} a corrigir.`;
  },
} as const;

/** Issue 21: the sample changed in another tab or by a sync while a draft was open; the draft was merged over it. */
export const SAMPLE_DRAFT_MERGE_TEXTS = {
  title: 'Amostra atualizada em outra aba ou pela sincronização',
  incoming: (labels: string) => `Recebido e já exibido: ${labels}.`,
  kept: (labels: string) => `Alterado lá e aqui; ficou o que você digitou: ${labels}. Confira antes de salvar.`,
  unsavedKept: 'Suas alterações não salvas continuam aqui.',
  close: 'Entendi',
} as const;
