/**
 * Request validation with the contract's zod schemas, in Portuguese.
 *
 * Messages written in a schema (e.g. 'E-mail é inválido') win; zod's
 * defaults, which are English, are replaced per parse by `ptBrErrorMap`
 * without touching zod's global configuration (the browser shares the
 * contract). Failures become `{ message, errors: { field: [messages] } }`.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { safeParse, type $ZodErrorMap, type $ZodType } from 'zod/v4/core';
import { tooLongMessage } from '@sync/contract/fields';
import type { FieldErrors } from './errors';
import { HTTP_MESSAGES } from './messages';

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
  date: 'uma data',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'E-mail é inválido',
  datetime: 'Data e hora inválidas.',
  date: 'Data inválida.',
  time: 'Hora inválida.',
  url: 'Endereço (URL) inválido.',
  uuid: 'Identificador inválido.',
};

export const ptBrErrorMap: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Campo obrigatório.';
      return `Deve ser ${TYPE_NAMES[issue.expected] ?? 'um valor válido'}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'Campo obrigatório.' : `Deve ter pelo menos ${min} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Deve ter pelo menos ${min} ${min === 1 ? 'item' : 'itens'}.`;
      return issue.inclusive ? `Deve ser maior ou igual a ${min}.` : `Deve ser maior que ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return tooLongMessage(max);
      if (issue.origin === 'array' || issue.origin === 'set') return `Deve ter no máximo ${max} ${max === 1 ? 'item' : 'itens'}.`;
      return issue.inclusive ? `Deve ser menor ou igual a ${max}.` : `Deve ser menor que ${max}.`;
    }
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Formato inválido.';
    case 'invalid_value':
      return issue.values.length > 1 && issue.values.length <= 10
        ? `Valor inválido. Use um destes: ${issue.values.map(String).join(', ')}.`
        : 'Valor inválido.';
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${String(issue.divisor)}.`;
    case 'invalid_union': {
      // A discriminated union names the accepted discriminator values.
      const accepted = (issue as { options?: unknown[] }).options;
      return Array.isArray(accepted) && accepted.length > 0 && accepted.length <= 10
        ? `Valor inválido. Use um destes: ${accepted.map(String).join(', ')}.`
        : 'Valor inválido.';
    }
    case 'unrecognized_keys':
      return `Campos não permitidos: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor inválido.';
  }
};

/** Fastify validator compiler: the zod schema parses the request part, with Portuguese messages. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: ptBrErrorMap });
    if (result.success) return { value: result.data };
    const issues: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      schemaPath: `#/${issue.path.map(String).join('/')}/${issue.code}`,
      message: issue.message,
      params: {},
    }));
    return { error: issues };
  };

/**
 * Turns Fastify validation errors into the wire body. Issues on the whole
 * body (missing, not an object) say the body is invalid, unless a schema's
 * own rule over the whole body wrote the message; field issues are
 * grouped by dotted path ("options.0.option").
 */
export function validationErrorBody(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
): { message: string; errors?: FieldErrors } {
  const errors: FieldErrors = {};
  let rootMessage: string | undefined;
  for (const issue of validation) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const message = issue.message ?? HTTP_MESSAGES.invalidData;
    if (path === '') {
      // A rule over the whole body (an address needs one real field) says what it wants; a body of the wrong type is just invalid.
      const generic = context === 'body' ? HTTP_MESSAGES.invalidBody : HTTP_MESSAGES.invalidData;
      rootMessage ??= issue.keyword === 'custom' ? message : generic;
      continue;
    }
    (errors[path] ??= []).push(message);
  }
  const first = Object.values(errors)[0]?.[0];
  const message = rootMessage ?? first ?? HTTP_MESSAGES.invalidData;
  return Object.keys(errors).length > 0 ? { message, errors } : { message };
}
