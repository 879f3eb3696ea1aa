/**
 * The field builders every schema of the contract uses for what a client
 * types or sends, so the limits live in one place and both sides apply
 * them (the server validates requests with these schemas, the device
 * validates local saves with the same ones):
 *
 * - texts: a maximum length a person never reaches, and no U+0000
 *   (PostgreSQL text cannot hold it); a plain zod `.max`, so the forms read
 *   it back for their inputs' `maxLength` (src/ui/forms, `maxLengthOf`);
 * - ids: integers within the database's integer columns; in a path or a
 *   query only plain decimal digits ("0x1", "1e0", "+1", " 1", "1.0" are
 *   not ids);
 * - instants and calendar dates: only what the database can store
 *   (years 0001 to 9999).
 *
 * The limits are recorded in docs/decisions/api-input-limits.md.
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
  invalidId: 'Identificador inválido.',
  invalidNumber: 'Número inválido: use apenas algarismos.',
  dateOutOfRange: 'Data fora do intervalo aceito (anos 0001 a 9999).',
} as const;

export function tooLongMessage(max: number): string {
  return `Deve ter no máximo ${max.toLocaleString('pt-BR')} caracteres.`;
}

const NO_NUL = /^[^\u0000]*$/;

/**
 * A text of at most `max` characters without U+0000. `tooLong` replaces the
 * default message ("Deve ter no máximo N caracteres.").
 */
export function text(max: number, options: { tooLong?: string } = {}) {
  return z
    .string()
    .max(max, options.tooLong ?? tooLongMessage(max))
    .regex(NO_NUL, FIELD_MESSAGES.invalidCharacter);
}

/** `text(max)` trimmed first, so surrounding spaces neither count nor stay. */
export function trimmedText(max: number, options: { tooLong?: string } = {}) {
  return z
    .string()
    .trim()
    .max(max, options.tooLong ?? tooLongMessage(max))
    .regex(NO_NUL, FIELD_MESSAGES.invalidCharacter);
}

/** A required, trimmed text: blank answers `required`. */
export function requiredText(max: number, required: string, options: { tooLong?: string } = {}) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, options.tooLong ?? tooLongMessage(max))
    .regex(NO_NUL, FIELD_MESSAGES.invalidCharacter);
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
