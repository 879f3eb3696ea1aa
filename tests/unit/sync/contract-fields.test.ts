/**
 * The contract's field builders (sync/contract/fields.ts), as the device
 * uses them: the limits show as Portuguese messages on a local save, and
 * the zod maximum is what the forms read for their inputs' maxLength.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { costInputSchema, equipmentInputSchema, productInputSchema } from '@sync/contract/catalog';
import { addressInputSchema, customerInputSchema, CUSTOMER_MESSAGES, fileDisplayNameSchema } from '@sync/contract/customers';
import { quotationRowInputSchema } from '@sync/contract/quotations';
import { sampleInputSchema } from '@sync/contract/samples/sample';
import { profileFieldsSchema } from '@sync/contract/user-input';
import {
  countParamSchema,
  FIELD_MESSAGES,
  idParamSchema,
  requiredText,
  text,
  TEXT_LIMITS,
  timestampSchema,
  tooLongMessage,
} from '@sync/contract/fields';

describe('every input text has its maximum', () => {
  const longest = (schema: z.ZodType, max: number, fill = 'a') => [
    schema.safeParse(fill.repeat(max)).success,
    schema.safeParse(fill.repeat(max + 1)).success,
  ];

  it.each([
    ['an agent name', productInputSchema.shape.name, TEXT_LIMITS.line],
    ['an agent method (a paragraph)', productInputSchema.shape.method, TEXT_LIMITS.note],
    ['an optional serial number', equipmentInputSchema.shape.serial_number, TEXT_LIMITS.line],
    ["a customer's comment", customerInputSchema.shape.comment, TEXT_LIMITS.note],
    ['a cost name', costInputSchema.shape.name, TEXT_LIMITS.line],
  ])('%s: %i characters pass, one more does not', (_what, schema, max) => {
    expect(longest(schema as z.ZodType, max)).toEqual([true, false]);
  });

  it('the maximum is a plain zod max, readable by the forms', () => {
    expect(productInputSchema.shape.name.maxLength).toBe(TEXT_LIMITS.line);
    expect(text(12).maxLength).toBe(12);
  });
});

describe('text builders refuse on the device, in Portuguese', () => {
  it('one character too many, and U+0000', () => {
    const name = requiredText(5, 'Nome é obrigatório');
    expect(name.safeParse('abcde').success).toBe(true);
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Texto muito longo (máximo 5 caracteres)');
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(FIELD_MESSAGES.invalidCharacter);
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Nome é obrigatório');
    expect(tooLongMessage(100_000)).toBe('Texto muito longo (máximo 100.000 caracteres)');
  });

  // Issue 24: a 535-character name was refused with 'Texto muito longo' alone; every area now says the maximum.
  it.each([
    ['a customer name', customerInputSchema, 'name', 255],
    ["a customer's phone", customerInputSchema, 'phone', 40],
    ["a customer's comment", customerInputSchema, 'comment', 5000, 5001],
    ["a customer file's name", fileDisplayNameSchema, '', 255],
    ["a customer file's name beyond the guard", fileDisplayNameSchema, '', 255, 6000],
    ['a quotation row', quotationRowInputSchema, 'name', 255],
    ["a sample's agent name", sampleInputSchema, 'agent_name', 255],
    ["a user's name in the profile", profileFieldsSchema, 'name', 255],
  ] as const)('%s, too long: the message says the maximum', (_what, schema, field, max, length: number = 535) => {
    const value = 'a'.repeat(length);
    const input = field === '' ? value : { [field]: value };
    const issues = (schema as unknown as z.ZodType).safeParse(input).error?.issues ?? [];
    const issue = issues.find((item) => item.path.join('.') === field);
    expect(issue?.message).toBe(`Texto muito longo (máximo ${max.toLocaleString('pt-BR')} caracteres)`);
  });

  it('a local save of an agent with a 1 MB name is refused before it reaches the outbox', () => {
    const result = productInputSchema.safeParse({ name: 'x'.repeat(1024 * 1024), price: 1, type_id: 2 });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['name', tooLongMessage(TEXT_LIMITS.line)]]);
  });

  it('an address with no content', () => {
    expect(addressInputSchema.safeParse({}).error?.issues[0]?.message).toBe(CUSTOMER_MESSAGES.addressEmpty);
    expect(addressInputSchema.safeParse({ country: 'BR' }).success).toBe(false);
    expect(addressInputSchema.safeParse({ city: 'Campinas' }).success).toBe(true);
  });
});

describe('ids, counts and instants', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
  ])('id %s → %i', (text, id) => {
    expect(idParamSchema.parse(text)).toBe(id);
  });

  it.each(['0x1', '1e0', '+1', ' 1', '1 ', '1.0', '01', '0', '-1', '2147483648', '', 'abc'])('id %j is refused', (text) => {
    expect(idParamSchema.safeParse(text).success).toBe(false);
  });

  it('counts: 0 is a skip, plain digits only', () => {
    expect(countParamSchema(0, 10).parse('0')).toBe(0);
    expect(countParamSchema(0, 10).safeParse('11').success).toBe(false);
    expect(countParamSchema(0, 10).safeParse('0x1').success).toBe(false);
  });

  it.each([
    ['0000-01-01T00:00:00Z', false],
    ['0001-01-01T00:00:00+01:00', false],
    ['0001-01-01T00:00:00Z', true],
    ['2026-11-21T13:04:42.123Z', true],
    ['9999-12-31T23:59:59.999Z', true],
  ])('instant %s storable: %s', (text, ok) => {
    expect(timestampSchema.safeParse(text).success).toBe(ok);
  });
});
