/**
 * Portuguese messages the server itself writes in error bodies (the spec's
 * own texts live in sync/contract). One place, so the wording stays
 * consistent across routes.
 */
export const HTTP_MESSAGES = {
  internal: 'Erro interno do servidor. Tente novamente.',
  invalidBody: 'Corpo da requisição inválido.',
  invalidData: 'Os dados enviados são inválidos.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  tooDeep: 'O corpo da requisição tem níveis demais de listas e objetos, um dentro do outro.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  badRequest: 'Requisição inválida.',
  badUrl: 'Endereço da requisição inválido.',
  urlTooLong: 'Um trecho do endereço da requisição é longo demais.',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
  notFound: 'Recurso não encontrado.',
  methodNotAllowed: 'Método não permitido.',
  unauthenticated: 'Você precisa entrar para continuar.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  adminsOnly: 'Somente administradores podem acessar este recurso.',
  customerReadOnly: 'Usuários do tipo cliente só consultam os dados; não podem alterá-los.',
  appNotBuilt: 'O aplicativo ainda não foi compilado.',
} as const;
