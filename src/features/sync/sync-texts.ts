/**
 * The words of the 'Sincronização' page: operation names, section titles,
 * buttons and messages (Brazilian Portuguese). The engine names resources
 * ('Agente', 'Categoria', ...) and writes error messages in Portuguese
 * itself; this page names the operations and everything around them.
 */
import type { OutboxOperation } from '@sync/react';

export const SYNC_PAGE_TITLE = 'Sincronização';

export const OPERATION_NAMES: Record<OutboxOperation, string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  command: 'Ação',
};

export const SECTION_TITLES = {
  conflicts: 'Conflitos',
  failed: 'Recusadas pelo servidor',
  pending: 'Aguardando envio',
} as const;

export const SECTION_HINTS = {
  conflicts: 'Estes registros foram alterados no servidor depois que você os editou. Escolha qual versão fica.',
  failed: 'O servidor recusou estas alterações. Elas continuam neste aparelho até você corrigir, tentar novamente ou descartar.',
  pending: 'Serão enviadas automaticamente assim que houver conexão.',
} as const;

export const SYNC_TEXTS = {
  allSynced: 'Tudo sincronizado.',
  loading: 'Carregando…',
  syncNow: 'Sincronizar agora',
  retry: 'Tentar novamente',
  discard: 'Descartar',
  keepMine: 'Manter a minha',
  useServer: 'Usar a do servidor',
  applyChoices: 'Aplicar escolhas',
  chooseHint:
    'Estes campos foram alterados aqui e no servidor. Escolha, em cada um, qual versão fica; os demais campos alterados de um lado só são combinados automaticamente.',
  lastSync: 'Última sincronização',
  neverSynced: 'Ainda não sincronizado neste aparelho',
  online: 'Online',
  offline: 'Offline',
  offlineNote: 'Sem conexão com o servidor. As alterações ficam guardadas neste aparelho e serão enviadas quando a conexão voltar.',
  syncing: 'Sincronizando…',
  attempts: 'Tentativas',
  nextAttempt: 'Próxima tentativa',
  lastError: 'Último erro',
  waitingFor: 'Aguardando o envio de',
  field: 'Campo',
  mine: 'Minha versão',
  theirs: 'Versão do servidor',
  deletedHere: 'Você excluiu este registro neste aparelho, mas ele foi alterado no servidor.',
  discardTitle: 'Descartar alteração',
  discardedAlert: 'Alteração descartada.',
  keptMineAlert: 'Sua versão será enviada ao servidor.',
  usedServerAlert: 'A versão do servidor foi aplicada neste aparelho.',
  choicesAppliedAlert: 'Suas escolhas foram aplicadas.',
  retryAlert: 'A alteração será enviada novamente.',
  lostValue: 'Valor que será perdido',
  restoredValue: 'Volta a ser',
  rowRemoved: 'Linha removida',
} as const;

/** '3 alterações' / '1 alteração'. */
export function countChanges(count: number): string {
  return `${count} ${count === 1 ? 'alteração' : 'alterações'}`;
}

/** The 'Armazenamento do aparelho' card (issue 25, docs/decisions/device-storage.md). */
export const STORAGE_TEXTS = {
  title: 'Armazenamento do aparelho',
  persisted: 'Armazenamento persistente: concedido. O navegador não apaga os dados deste aparelho para liberar espaço.',
  notPersisted: 'Armazenamento persistente: não concedido. O navegador pode apagar os dados deste aparelho quando faltar espaço.',
  persistUnknown: 'Este navegador não informa se o armazenamento é persistente.',
  askPersist: 'Pedir armazenamento persistente',
  persistGranted: 'O navegador concedeu o armazenamento persistente.',
  persistRefused: 'O navegador não concedeu o armazenamento persistente. Sincronize com frequência para não perder dados.',
  noEstimate: 'Este navegador não informa o espaço usado.',
} as const;
