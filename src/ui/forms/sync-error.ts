/**
 * What a failed local save or delete means for a screen: the message for an
 * alert, and for a validation failure the first message of each field (the
 * contract's Portuguese texts), to show at the fields.
 */
import { SyncError } from '@sync/react';

export const GENERIC_FAILURE = 'Não foi possível concluir a operação. Tente novamente.';

export function errorMessage(error: unknown): string {
  if (error instanceof SyncError) return error.message;
  if (error instanceof Error && error.message.trim()) return error.message;
  return GENERIC_FAILURE;
}

/**
 * Field → first message of a validation failure; `rename` maps wire names
 * to the form's (type_id → type). Empty when the error is not a validation.
 */
export function fieldErrorsOf(error: unknown, rename: Readonly<Record<string, string>> = {}): Record<string, string> {
  if (!(error instanceof SyncError) || error.code !== 'validation') return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.info.fields ?? {})) {
    const name = rename[field] ?? field;
    if (messages[0] && !errors[name]) errors[name] = messages[0];
  }
  return errors;
}
