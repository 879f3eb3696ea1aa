/**
 * The password forms' checks and the login failure messages (spec
 * sections 5 and 8).
 */
import { describe, expect, it } from 'vitest';
import { validateNewPassword } from '@/features/auth/password-rules';
import { signInErrorMessage } from '@/features/auth/sign-in-error';
import { ApiRequestError } from '@sync/http';

describe('validateNewPassword', () => {
  it.each([
    ['', '', { password: 'Digite sua nova senha', confirmation: 'Digite sua nova senha' }],
    ['abc12345', '', { confirmation: 'Digite sua nova senha' }],
    ['', 'abc12345', { password: 'Digite sua nova senha' }],
    ['abc12345', 'abc12346', { confirmation: 'As senhas não combinam' }],
    ['abc12345', 'abc12345', {}],
  ])('%j / %j', (password, confirmation, expected) => {
    expect(validateNewPassword(password, confirmation)).toEqual(expected);
  });
});

describe('signInErrorMessage', () => {
  it.each([
    ['refused (401)', new ApiRequestError('http', 'qualquer', { status: 401 }), 'E-mail e/ou senha estão incorretos.'],
    ['refused (400)', new ApiRequestError('http', 'invalid_grant', { status: 400 }), 'E-mail e/ou senha estão incorretos.'],
    ['offline', new ApiRequestError('network', 'x'), 'Não foi possível conectar ao servidor. Verifique sua conexão.'],
    [
      'too many attempts',
      new ApiRequestError('http', 'Muitas tentativas de acesso. Tente novamente em 5 minutos.', { status: 429 }),
      'Muitas tentativas de acesso. Tente novamente em 5 minutos.',
    ],
  ])('%s', (_name, error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});
