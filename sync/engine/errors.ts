/**
 * Sync errors as reason codes with the Portuguese message the UI shows.
 * Entries keep a `SyncErrorInfo` (serialisable); code that throws uses
 * `SyncError`, which carries the same information.
 */
import { CONFLICT_MESSAGE } from '../contract/sync';
import type { SyncErrorCode, SyncErrorInfo } from '../store/types';

export type { SyncErrorCode, SyncErrorInfo } from '../store/types';

export const SYNC_MESSAGES = {
  network: 'Sem conexão com o servidor. As alterações estão salvas neste dispositivo e serão enviadas quando a conexão voltar.',
  server: 'O servidor não conseguiu processar a alteração. Uma nova tentativa será feita automaticamente.',
  unexpectedResponse: 'O servidor enviou uma resposta inesperada. Uma nova tentativa será feita automaticamente.',
  unauthorized: 'Sua sessão expirou. Entre novamente para continuar sincronizando.',
  validation: 'O servidor recusou a alteração.',
  readOnly: 'Estes dados só podem ser alterados com conexão, pela tela de administração; neste dispositivo eles são somente leitura.',
  conflict: CONFLICT_MESSAGE,
  notFound: 'Este registro não existe mais no servidor.',
  inFlight: 'Esta alteração está sendo enviada agora. Tente novamente em instantes.',
  recordMissing: 'Registro não encontrado neste dispositivo.',
  inUse: 'Este registro está em uso e não pode ser excluído.',
  missingReference: 'Um registro referenciado foi excluído. Corrija o cadastro e salve novamente.',
  chooseEveryField: 'Escolha a versão de cada campo em conflito.',
} as const;

const DEFAULT_MESSAGES: Record<SyncErrorCode, string> = {
  network: SYNC_MESSAGES.network,
  server: SYNC_MESSAGES.server,
  unauthorized: SYNC_MESSAGES.unauthorized,
  validation: SYNC_MESSAGES.validation,
  conflict: SYNC_MESSAGES.conflict,
  'not-found': SYNC_MESSAGES.notFound,
};

export function syncErrorInfo(code: SyncErrorCode, message?: string, extra: Pick<SyncErrorInfo, 'status' | 'fields'> = {}): SyncErrorInfo {
  const info: SyncErrorInfo = { code, message: message?.trim() ? message : DEFAULT_MESSAGES[code] };
  if (extra.status !== undefined) info.status = extra.status;
  if (extra.fields !== undefined) info.fields = extra.fields;
  return info;
}

export class SyncError extends Error {
  readonly code: SyncErrorCode;
  readonly info: SyncErrorInfo;

  constructor(info: SyncErrorInfo) {
    super(info.message);
    this.name = 'SyncError';
    this.code = info.code;
    this.info = info;
  }

  static of(code: SyncErrorCode, message?: string, extra?: Pick<SyncErrorInfo, 'status' | 'fields'>): SyncError {
    return new SyncError(syncErrorInfo(code, message, extra));
  }
}
