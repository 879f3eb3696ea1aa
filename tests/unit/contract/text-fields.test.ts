/**
 * The character rules of the contract's text builders (sync/contract/fields.ts),
 * the ones both sides validate with: no U+0000 and no lone UTF-16 surrogate
 * in any text; no CR/LF in a one-line text (names, titles, subjects), line
 * breaks kept in a multi-line one (notes, comments, e-mail bodies). The
 * trimmed builders trim first, so a line break pasted before or after a
 * name goes like a space. Then the same rules field by field in the
 * contract's schemas, and a save on the device refused with the field's
 * message (what the forms show).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customerInputSchema, sendFilesEmailInputSchema } from '@sync/contract/customers';
import { productInputSchema } from '@sync/contract/catalog';
import { FIELD_MESSAGES, hasLineBreak, hasLoneSurrogate, isStorableText, requiredText, text, trimmedText } from '@sync/contract/fields';
import { quotationInputSchema } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES, quotationWhatsappInputSchema } from '@sync/contract/quotation-send';
import { richTextInputSchema } from '@sync/contract/rich-text';
import { noiseValidationSchema } from '@sync/contract/samples/noise';
import { settingsProblems } from '@sync/contract/settings-groups';
import { settingsUpdateSchema } from '@sync/contract/settings';
import { SyncError } from '@sync/engine/errors';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { useTestDb } from '../sync/support';

const HIGH = '\ud800';
const LOW = '\udc00';
const EMOJI = '😀'; // a pair: '\ud83d\ude00'
const { invalidCharacter: BAD, lineBreak: BREAK } = FIELD_MESSAGES;

/** The messages of a parse, or the parsed value when it passed. */
function outcome(schema: z.ZodType, value: unknown): { value: unknown } | { messages: string[] } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { messages: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

/** Messages by path ('rows.0.name'), empty when the input passes. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

describe('hasLoneSurrogate, hasLineBreak, isStorableText', () => {
  it.each([
    ['plain text', 'Ruído contínuo', false, false, true],
    ['an emoji (a surrogate pair)', `Olá ${EMOJI}`, false, false, true],
    ['a high surrogate alone', `a${HIGH}b`, true, false, false],
    ['a low surrogate alone', `a${LOW}`, true, false, false],
    ['a high surrogate at the end', `abc${HIGH}`, true, false, false],
    ['the pair reversed', `${LOW}${HIGH}`, true, false, false],
    ['U+0000', 'a\u0000b', false, false, false],
    ['LF', 'a\nb', false, true, true],
    ['CR', 'a\rb', false, true, true],
    ['CRLF', 'a\r\nb', false, true, true],
    ['a tab', 'a\tb', false, false, true],
  ])('%s', (_case, value, lone, lineBreak, storable) => {
    expect(hasLoneSurrogate(value)).toBe(lone);
    expect(hasLineBreak(value)).toBe(lineBreak);
    expect(isStorableText(value)).toBe(storable);
  });
});

describe('the builders', () => {
  const one = text(255);
  const many = text(255, { multiline: true });
  const trimmed = trimmedText(255);
  const trimmedMany = trimmedText(255, { multiline: true });
  const required = requiredText(255, 'Nome é obrigatório');
  const requiredMany = requiredText(255, 'Nome é obrigatório', { multiline: true });
  type Expected = { value: unknown } | { messages: string[] };
  const cases: Array<[string, z.ZodType, unknown, Expected]> = [
    // One line
    ['text: plain', one, 'Nome', { value: 'Nome' }],
    ['text: an emoji', one, `Nome ${EMOJI}`, { value: `Nome ${EMOJI}` }],
    ['text: LF', one, 'Nome\nBcc: x', { messages: [BREAK] }],
    ['text: CR', one, 'Nome\rBcc: x', { messages: [BREAK] }],
    ['text: a trailing LF (not trimmed)', one, 'Nome\n', { messages: [BREAK] }],
    ['text: a lone surrogate', one, `Nome${HIGH}`, { messages: [BAD] }],
    ['text: U+0000', one, 'No\u0000me', { messages: [BAD] }],
    ['trimmedText: a trailing CRLF goes with the spaces', trimmed, ' Nome\r\n', { value: 'Nome' }],
    ['trimmedText: a line break inside', trimmed, 'Nome\nSobrenome', { messages: [BREAK] }],
    ['trimmedText: a lone low surrogate', trimmed, `${LOW}Nome`, { messages: [BAD] }],
    ['requiredText: a line break inside', required, 'Fundição\r\nBcc: a@b.c', { messages: [BREAK] }],
    ['requiredText: only a line break is blank', required, '\n', { messages: ['Nome é obrigatório'] }],
    ['requiredText: a lone surrogate', required, `Fundição ${HIGH}`, { messages: [BAD] }],
    // Multi-line
    ['text multiline: line breaks kept', many, 'Linha 1\r\nLinha 2\n', { value: 'Linha 1\r\nLinha 2\n' }],
    ['text multiline: a lone surrogate', many, `Linha 1\n${HIGH}`, { messages: [BAD] }],
    ['text multiline: U+0000', many, 'Linha\u0000', { messages: [BAD] }],
    ['trimmedText multiline: inner breaks kept, outer trimmed', trimmedMany, '\n Linha 1\nLinha 2 \n', { value: 'Linha 1\nLinha 2' }],
    ['trimmedText multiline: a lone surrogate', trimmedMany, `Linha 1\n${LOW}`, { messages: [BAD] }],
    ['requiredText multiline: line breaks kept', requiredMany, 'a\nb', { value: 'a\nb' }],
  ];
  it.each(cases)('%s', (_case, schema, input, expected) => {
    expect(outcome(schema, input)).toEqual(expected);
  });

  it('the maximum stays a plain zod max (the forms read it for maxLength)', () => {
    const checks = (trimmedText(40, { multiline: true }) as unknown as { _zod: { def: { checks?: Array<{ _zod: { def: unknown } }> } } })._zod.def
      .checks;
    expect(checks?.map((check) => check._zod.def)).toContainEqual(expect.objectContaining({ check: 'max_length', maximum: 40 }));
  });
});

describe('the rules field by field in the contract', () => {
  const customer = { name: 'Fundição Araújo', email: 'compras@araujo.com.br', phone: '(11) 3322-4455' };
  const quotation = { customer_id: 1, total: 0 };
  it.each([
    // One-line fields: a line break or a lone surrogate is refused at the field.
    ['customer name with a line break', customerInputSchema, { ...customer, name: 'Fundição\r\nBcc: x@y.z' }, { name: [BREAK] }],
    ['customer name with a lone surrogate', customerInputSchema, { ...customer, name: `Fundição${HIGH}` }, { name: [BAD] }],
    ['contact name with a line break', customerInputSchema, { ...customer, contact: { name: 'Ana\nMaria' } }, { 'contact.name': [BREAK] }],
    ['agent name with a line break', productInputSchema, { name: 'Ruído\ncontínuo', price: 1, type_id: 2 }, { name: [BREAK] }],
    ['quotation row name with a line break', quotationInputSchema, { ...quotation, rows: [{ name: 'Ruído\nx' }] }, { 'rows.0.name': [BREAK] }],
    ['quotation row name with a lone surrogate', quotationInputSchema, { ...quotation, rows: [{ name: `Ruído${HIGH}` }] }, { 'rows.0.name': [BAD] }],
    ['quotation responsible with a line break', quotationInputSchema, { ...quotation, responsible: 'Ana\rMaria' }, { responsible: [BREAK] }],
    [
      'deadline activity with a line break',
      quotationInputSchema,
      { ...quotation, deadlines: [{ activity: 'Campo\nx' }] },
      { 'deadlines.0.activity': [BREAK] },
    ],
    // Multi-line fields: line breaks kept, a lone surrogate refused.
    ['customer comment with line breaks', customerInputSchema, { ...customer, comment: 'Linha 1\nLinha 2' }, {}],
    ['customer comment with a lone surrogate', customerInputSchema, { ...customer, comment: `Linha 1\n${LOW}` }, { comment: [BAD] }],
    ['agent method (a note) with line breaks', productInputSchema, { name: 'Ruído', price: 1, type_id: 2, method: 'NHO 01\nNR 15' }, {}],
    ['quotation comment with line breaks', quotationInputSchema, { ...quotation, comment: 'Obs 1\r\nObs 2' }, {}],
    ['quotation comment with a lone surrogate', quotationInputSchema, { ...quotation, comment: `Obs ${HIGH}` }, { comment: [BAD] }],
    ['deadline description with line breaks', quotationInputSchema, { ...quotation, deadlines: [{ description: 'Dia 1\nDia 2' }] }, {}],
    ['payment terms with line breaks', quotationInputSchema, { ...quotation, payment_info: '30 dias\n60 dias' }, {}],
    ['payment terms with a lone surrogate', quotationInputSchema, { ...quotation, payment_info: `30 dias${HIGH}` }, { payment_info: [BAD] }],
    ['new-files e-mail message with line breaks', sendFilesEmailInputSchema, { message: 'Olá,\n\nSegue.' }, {}],
    ['new-files e-mail message with a lone surrogate', sendFilesEmailInputSchema, { message: `Olá ${HIGH}` }, { message: [BAD] }],
    ['sample validation note with line breaks', noiseValidationSchema, { justify: 'Linha 1\nLinha 2' }, {}],
    ['sample validation note with a lone surrogate', noiseValidationSchema, { justify: `Linha ${HIGH}` }, { justify: [BAD] }],
    ['settings: a message template with line breaks', settingsUpdateSchema, { options: [{ option: 'message_footer', value: 'a\nb' }] }, {}],
    [
      'settings: a value with a lone surrogate',
      settingsUpdateSchema,
      { options: [{ option: 'message_footer', value: `a${HIGH}` }] },
      { 'options.0.value': [BAD] },
    ],
  ])('%s', (_case, schema, input, expected) => {
    expect(messagesOf(schema, input)).toEqual(expected);
  });

  it("the company's fields are one line each; the message texts may hold line breaks", () => {
    expect(
      settingsProblems([
        { option: 'company_name', value: 'Higiene\r\nBcc: x@y.z' },
        { option: 'company_city', value: 'São\nPaulo' },
        { option: 'message_footer', value: 'Linha 1\nLinha 2' },
        { option: 'message_sendMessage', value: 'Olá {cliente},\n\nSegue o orçamento.' },
      ]),
    ).toEqual({ company_name: [BREAK], company_city: [BREAK] });
  });

  it('rich text: a lone surrogate in a text node or a legacy string is refused with the field message', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Olá ${HIGH}` }] }] };
    expect(outcome(richTextInputSchema, doc)).toEqual({ messages: [BAD] });
    expect(outcome(richTextInputSchema, `Linha 1\nLinha ${LOW}`)).toEqual({ messages: [BAD] });
    expect(outcome(richTextInputSchema, 'Linha 1\nLinha 2')).toMatchObject({ value: { type: 'doc' } });
  });
});

describe('the WhatsApp send: the phone is a Brazilian number, the message may hold line breaks', () => {
  it.each([
    ['(11) 98765-4321', true],
    ['+55 (11) 3322-4455', true],
    ['5511987654321', true],
    ['0 11 98765-4321', true],
    ['(11)9999-9999?x=1', false],
    ['11987654321&text=x', false],
    ['+351 912 345 678', false],
    ['98765-4321', false],
    ['119876543210123', false],
    ['(11) 98765\n4321', false],
  ])('%s → accepted: %s', (phone, accepted) => {
    const parsed = quotationWhatsappInputSchema.safeParse({ phone, message: 'Olá,\nsegue o orçamento.' });
    expect(parsed.success).toBe(accepted);
    if (!parsed.success)
      expect(messagesOf(quotationWhatsappInputSchema, { phone, message: 'Oi' })).toEqual({ phone: [QUOTATION_SEND_MESSAGES.phoneInvalid] });
  });

  it('a lone surrogate in the message is refused', () => {
    expect(messagesOf(quotationWhatsappInputSchema, { phone: '(11) 98765-4321', message: `Olá ${HIGH}` })).toEqual({ message: [BAD] });
  });
});

describe('on the device', () => {
  let db: SyncDatabase;
  useTestDb((opened) => (db = opened));

  async function refusal(work: () => Promise<unknown>): Promise<SyncError> {
    try {
      await work();
    } catch (error) {
      if (error instanceof SyncError) return error;
      throw error;
    }
    throw new Error('expected a SyncError');
  }

  it("a customer saved with a line break in its name is refused with the field's message, nothing saved", async () => {
    const error = await refusal(() =>
      saveRecord(db, 'customers', null, { name: 'Fundição\nAraújo', email: 'compras@araujo.com.br', phone: '(11) 3322-4455' }),
    );
    expect(error).toMatchObject({ code: 'validation', message: BREAK });
    expect(error.info.fields?.name).toEqual([BREAK]);
    expect(await db.records('customers').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a lone surrogate in a comment is refused; line breaks in it are kept', async () => {
    const fields = { name: 'Fundição Araújo', email: 'compras@araujo.com.br', phone: '(11) 3322-4455' };
    const error = await refusal(() => saveRecord(db, 'customers', null, { ...fields, comment: `Obs ${HIGH}` }));
    expect(error.info.fields?.comment).toEqual([BAD]);
    const key = await saveRecord(db, 'customers', null, { ...fields, comment: 'Linha 1\nLinha 2' });
    expect((await db.records('customers').get(key))?.comment).toBe('Linha 1\nLinha 2');
  });
});
