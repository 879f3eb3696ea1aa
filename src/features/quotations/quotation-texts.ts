/** The quotations area's texts (spec: Quotations; sections 4, 5, 8 and 9), word for word where the spec gives them. */
import { QUOTATION_MESSAGES, QUOTATION_STATUS_LABELS } from '@sync/contract/quotations';

export const QUOTATION_TEXTS = {
  listTitle: 'Orçamentos',
  newButton: 'Novo orçamento',
  createTitle: 'Orçamento / Adicionar',
  editTitle: 'Orçamento / Editar',
  dataCard: 'Dados cadastrais',
  empty: 'Ainda não tem nenhum orçamento.',
  noResults: 'Não houve nenhum resultado.',
  statusFilter: 'Filtro por status',
  statusLabels: QUOTATION_STATUS_LABELS,
  /** A quotation made on this device has no number until the server gives one (decided: never show a number that could change). */
  noNumberYet: 'Novo, aguardando sincronização',
  /** Beside a status changed here and not sent yet ('Pendente' would read as the status Pendente). */
  statusPendingBadge: 'Aguardando sincronização',
  statusPending: 'Alteração de status ainda não enviada ao servidor',
  confirmDeleteTitle: 'Confirme exclusão de orçamento',
  confirmDelete: 'Tem certeza que deseja excluir esse orçamento?',
  markAsSentTitle: 'Marcar como enviado',
  markAsSentQuestion: QUOTATION_MESSAGES.markAsSentQuestion,
  no: 'Não',
  yes: 'Sim',
  saved: QUOTATION_MESSAGES.saved,
  deleted: QUOTATION_MESSAGES.deleted,
  duplicated: QUOTATION_MESSAGES.duplicated,
  statusChanged: QUOTATION_MESSAGES.statusChanged,
  edit: 'Editar',
  delete: 'Deletar',
  duplicate: 'Duplicar',
  save: 'Salvar',
  sentTooltip: (mail: string, whatsapp: string) => `E-mail: ${mail} · WhatsApp: ${whatsapp}`,
  notSent: '—',
  /** In the Enviado tooltip, for an e-mail or WhatsApp send queued on the device and not sent yet. */
  sendQueued: 'aguardando sincronização',
  columns: { number: 'Número', customer: 'Cliente', createdAt: 'Criado em', sent: 'Enviado', status: 'Status', options: 'Opções' },
} as const;
