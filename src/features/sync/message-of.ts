/** The Portuguese message of a failed action (sync errors carry one), or a generic one. */
export const GENERIC_ACTION_ERROR = 'Não foi possível concluir a ação. Tente novamente.';

export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : GENERIC_ACTION_ERROR;
}
