/** Texts the users and profile screens share (spec sections 3, 5 and 8; issue 12, Offline). */
export const USER_ENTITY_TEXTS = {
  /** Spec section 3: a user with no role name is shown as 'Administrador'. */
  noRole: 'Administrador',
  imageRefused: 'Você não pode enviar arquivos desse tipo.',
  imageUnsupported: (type: string) => `Tipo de arquivo não suportado: ${type || 'desconhecido'}`,
  offlineTitle: 'Sem conexão',
  offline: 'Os dados mostrados são os últimos recebidos. Salvar precisa de conexão com a internet; o que você digitou continua aqui.',
} as const;
