/** Texts the users and profile screens share (spec sections 3, 5 and 8; issue 12, Offline). */
export const USER_ENTITY_TEXTS = {
  /** Spec section 3: a user with no role name is shown as 'Administrador'. */
  noRole: 'Administrador',
  imageRefused: 'Você não pode enviar arquivos desse tipo.',
  imageUnsupported: (type: string) => `Tipo de arquivo não suportado: ${type || 'desconhecido'}`,
  /** Said at the image field: the photo is reduced here, and the server's limit (MB of 1024 × 1024 bytes, decimal comma). */
  imageLimit: (limitMb: number, maxPx: number) =>
    `A imagem é reduzida neste aparelho (até ${maxPx} px, JPEG) antes de ser enviada; o limite é de ${String(limitMb).replace('.', ',')} MB.`,
  imageReducing: 'Reduzindo a imagem…',
  offlineTitle: 'Sem conexão',
  offline: 'Os dados mostrados são os últimos recebidos. Salvar precisa de conexão com a internet; o que você digitou continua aqui.',
  /** Issue 28: the council data a reviewer needs (users form and profile). */
  council: {
    legend: 'Conselho profissional',
    type: 'Tipo',
    typePlaceholder: 'CREA, CRM ou outro',
    number: 'Número',
    uf: 'UF',
    ufPlaceholder: 'Selecione a UF',
  },
} as const;
