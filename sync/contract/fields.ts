/**
 * The field builders every schema of the contract uses for what a client
 * types or sends, so the limits live in one place and both sides apply
 * them (the server validates requests with these schemas, the device
 * validates local saves with the same ones):
 *
 * - texts: a maximum length a person never reaches (a plain zod `.max`, so
 *   the forms read it back for their inputs' `maxLength`: src/ui/forms,
 *   `maxLengthOf`), no U+0000 and no lone UTF-16 surrogate (neither
 *   PostgreSQL text nor jsonb can hold them: `isStorableText`), and, unless
 *   built `multiline` (notes, comments, e-mail and message bodies), no line
 *   break: a name, title or subject is one line (CR or LF in it would break
 *   e-mail headers, printouts and lists). The trimmed builders trim first,
 *   so a line break pasted before or after a name goes with the spaces;
 *   one inside it is refused;
 * - ids: integers within the database's integer columns; in a path or a
 *   query only plain decimal digits ("0x1", "1e0", "+1", " 1", "1.0" are
 *   not ids);
 * - instants and calendar dates: only what the database can store
 *   (years 0001 to 9999).
 *
 * The limits are recorded in docs/decisions/api-input-limits.md, the
 * character rules in docs/decisions/input-rules.md.
 */
import { z } from 'zod';

/** Maximum lengths, in characters (UTF-16 code units, as zod and the browser's maxLength count). */
export const TEXT_LIMITS = {
  /** One line: names, labels, codes, serial numbers, usernames, addresses' parts. */
  line: 255,
  /** An e-mail address (RFC 5321 path limit). */
  email: 254,
  /** CPF/CNPJ, masked or not. */
  document: 40,
  /** A phone, masked or not. */
  phone: 40,
  /** A CEP, masked or not. */
  zipcode: 20,
  /** Paragraphs: comments, notes, an agent's descriptive fields. */
  note: 5_000,
  /** The body of an e-mail written on a screen. */
  message: 20_000,
  /** Rich text and structured values kept as text (settings: message templates, thresholds as JSON). */
  richText: 100_000,
  /** A search box. */
  search: 255,
  /** A password (argon2 hashes whatever it gets; nobody types more). */
  password: 1_024,
  /** Tokens and opaque client values (refresh tokens, reset tokens, client ids). */
  token: 4_096,
} as const;

/** Largest id the database keeps (integer columns). */
export const MAX_ID = 2_147_483_647;

export const FIELD_MESSAGES = {
  invalidCharacter: 'O texto enviado contém caracteres inválidos.',
  lineBreak: 'Este campo não aceita quebras de linha.',
  invalidId: 'Identificador inválido.',
  invalidNumber: 'Número inválido: use apenas algarismos.',
  dateOutOfRange: 'Data fora do intervalo aceito (anos 0001 a 9999).',
} as const;

/** How a text above its maximum is refused, before the maximum (the customers' wording, now everyone's). */
export const TOO_LONG_LEAD = 'Texto muito longo';

/**
 * The one message for a text above its maximum, always with the maximum
 * (issue 24: 'Texto muito longo' alone left the user guessing how much to
 * cut): 'Texto muito longo (máximo 255 caracteres)', N written the
 * Brazilian way ('100.000'). Every builder below, the areas' own `tooLong`
 * leads and the server's fallback for schemas without a message use it.
 */
export function tooLongMessage(max: number, lead: string = TOO_LONG_LEAD): string {
  return `${lead} (máximo ${max.toLocaleString('pt-BR')} caracteres)`;
}

const NO_NUL = /^[^\u0000]*$/;
const ONE_LINE = /^[^\r\n]*$/;

/**
 * True when `value` holds a UTF-16 surrogate without its other half (what a
 * JSON "\ud800" escape gives): it is no character, UTF-8 cannot encode it,
 * so PostgreSQL refuses it in jsonb and the driver silently replaces it in
 * text.
 */
export function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
    }
    return true;
  }
  return false;
}

/** True for a text every database column can keep as it is: no U+0000, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !hasLoneSurrogate(value);
}

/** True when `value` holds a line break (CR or LF). */
export function hasLineBreak(value: string): boolean {
  return !ONE_LINE.test(value);
}

export interface TextOptions {
  /** Replaces the message's lead ('Texto muito longo'); the maximum is always said after it (`tooLongMessage`). */
  tooLong?: string;
  /** Line breaks allowed (notes, comments, e-mail and message bodies); default: one line. */
  multiline?: boolean;
}

/** The character rules of every text builder, after its maximum. */
function withTextRules(schema: z.ZodString, options: TextOptions): z.ZodString {
  const storable = schema.regex(NO_NUL, FIELD_MESSAGES.invalidCharacter).refine((value) => !hasLoneSurrogate(value), FIELD_MESSAGES.invalidCharacter);
  return options.multiline ? storable : storable.regex(ONE_LINE, FIELD_MESSAGES.lineBreak);
}

/**
 * A text of at most `max` characters, storable (`isStorableText`), on one
 * line unless `multiline`.
 */
export function text(max: number, options: TextOptions = {}) {
  return withTextRules(z.string().max(max, tooLongMessage(max, options.tooLong)), options);
}

/** `text(max)` trimmed first, so surrounding spaces (and line breaks) neither count nor stay. */
export function trimmedText(max: number, options: TextOptions = {}) {
  return withTextRules(z.string().trim().max(max, tooLongMessage(max, options.tooLong)), options);
}

/** A required, trimmed text: blank answers `required`. */
export function requiredText(max: number, required: string, options: TextOptions = {}) {
  return withTextRules(z.string({ error: required }).trim().min(1, required).max(max, tooLongMessage(max, options.tooLong)), options);
}

/** An id in a body: a positive integer the database can hold. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/**
 * An id in a path or query: plain decimal digits, no leading zero, within
 * the integer columns. Anything else (hex, exponent, sign, spaces, decimal
 * point, beyond 2^31 - 1) is refused, never read as some other id.
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, FIELD_MESSAGES.invalidId)
  .transform(Number)
  .refine((id) => id <= MAX_ID, FIELD_MESSAGES.invalidId);

/** A whole number in a path or query (skip, take, after_id): plain decimal digits within [min, max]. */
export function countParamSchema(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, FIELD_MESSAGES.invalidNumber)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/** True for an instant PostgreSQL's timestamptz and date accept as ISO text (years 0001 to 9999, UTC). */
export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= FIRST_STORABLE && ms <= LAST_STORABLE;
}

/** ISO 8601 timestamp with an offset ("2026-11-21T13:04:42.123Z"), within the years the database stores. */
export const timestampSchema = z
  .string()
  .datetime({ offset: true, abort: true })
  .refine((value) => isStorableInstant(Date.parse(value)), FIELD_MESSAGES.dateOutOfRange);
