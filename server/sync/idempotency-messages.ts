/** What the idempotency plugin and the kept answers of writes tell a caller about its Idempotency-Key. */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'O cabeçalho Idempotency-Key é inválido: use um identificador de até 255 caracteres.',
  keyReused: 'Esta chave de idempotência já foi usada em outra requisição (método ou endereço diferente).',
  bodyChanged: 'Esta chave de idempotência já foi usada com outro conteúdo. Envie a alteração com uma nova chave.',
  inProgress: 'Requisição em andamento, tente novamente.',
} as const;
