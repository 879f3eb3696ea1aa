/**
 * What a refused settings save shows (spec section 8: "all error messages of
 * the response data, flattened and joined by line breaks"): every field's
 * message once, in order; the message alone when no field is named.
 */
import { describe, expect, it } from 'vitest';
import { SyncError } from '@sync/engine/errors';
import { refusalLines } from '@/features/settings/use-save-settings';

describe('refusalLines', () => {
  it.each([
    [
      'every field message once, in order',
      SyncError.of('validation', 'CNPJ inválido\nE-mail é obrigatório', {
        status: 400,
        fields: { company_cnpj: ['CNPJ inválido'], company_email: ['E-mail é obrigatório'], company_city: ['CNPJ inválido'] },
      }),
      ['CNPJ inválido', 'E-mail é obrigatório'],
    ],
    [
      'the message when no field is named',
      SyncError.of('validation', 'Você não tem permissão para isso.', { status: 403 }),
      ['Você não tem permissão para isso.'],
    ],
    ['a plain error', new Error('Falhou'), ['Falhou']],
  ])('%s', (_what, error, lines) => {
    expect(refusalLines(error)).toEqual(lines);
  });
});
