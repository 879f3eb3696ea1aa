/**
 * Field builders shared by the blocks of every sample type (spec samples.md
 * section 3: EPI rows, instrument and calibrator fields; section 5: HH:mm
 * times, comma decimals). A block keeps what the technician typed, as typed:
 * decimals stay text with their comma ('85,3'), times stay 'HH:mm', dates
 * stay 'DD/MM/YYYY', so a draft reloads exactly as it was left and nothing
 * is rounded on the way. A line is one line; a note (the fields the screens
 * edit in a text area) may hold line breaks; no text holds U+0000 or a lone
 * surrogate (sync/contract/fields.ts). Empty text is always allowed: a technician fills the
 * tabs out of order and the spec leaves which fields are required open.
 *
 * Every field has a default, so a block parsed from an older or partial
 * record comes out whole, and `emptyXBlocks()` of each type is `parse({})`.
 */
import { z } from 'zod';
import { parseDateBR } from '@/domain/dates';
import { parseDecimal } from '@/domain/decimal';
import { FIELD_MESSAGES, text, TEXT_LIMITS } from '../fields';
import { newRowId, rowIdText } from '../row-id';

export const SAMPLE_FIELD_MESSAGES = {
  time: 'Hora inválida: use HH:mm.',
  decimal: 'Número inválido: use algarismos, com vírgula ou ponto para os decimais.',
  date: 'Data inválida',
  color: 'Cor inválida.',
  option: 'Opção inválida.',
  tooManyRows: 'Linhas demais nesta lista (no máximo 200).',
} as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const DURATION = /^\d{2,}:[0-5]\d$/;
const COLOR = /^(#[0-9a-fA-F]{3,8})?$/;

/** One line of text (no line break), '' by default. */
export const lineText = () => text(TEXT_LIMITS.line).default('');
/** A paragraph (observation, justification), line breaks allowed, '' by default. */
export const noteText = () => text(TEXT_LIMITS.note, { multiline: true }).default('');
/** A line with a default value (the spec's defaults: 'Ruído ocupacional', 'NHO 01'...). */
export const lineWithDefault = (value: string) => text(TEXT_LIMITS.line).default(value);

/** A clock time 'HH:mm' or ''. */
export const timeText = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || CLOCK.test(value), SAMPLE_FIELD_MESSAGES.time)
    .default('');

/** A duration 'HH:mm' (hours may pass 23) or ''. */
export const durationText = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || DURATION.test(value), SAMPLE_FIELD_MESSAGES.time)
    .default('');

/** A number as typed ('85,3', '0.5') or ''; kept as text, read with parseDecimal. */
export const decimalText = () =>
  text(40)
    .refine((value) => value.trim() === '' || parseDecimal(value) !== null, SAMPLE_FIELD_MESSAGES.decimal)
    .default('');

/** A calendar date as typed, 'DD/MM/YYYY', or ''. */
export const dateText = () =>
  text(10)
    .refine((value) => value.trim() === '' || parseDateBR(value) !== null, SAMPLE_FIELD_MESSAGES.date)
    .default('');

/** A colour as the settings give it ('#4caf50') or ''. */
export const colorText = (value = '') => text(20).regex(COLOR, SAMPLE_FIELD_MESSAGES.color).default(value);

/** One of a few options, or '' while not chosen. */
export function choice<const T extends readonly [string, ...string[]]>(options: T, value: T[number] | '' = '') {
  const values = [...options, ''] as unknown as readonly [T[number] | '', ...Array<T[number] | ''>];
  return z.enum(values as [T[number] | '', ...Array<T[number] | ''>], { message: SAMPLE_FIELD_MESSAGES.option }).default(value as never);
}

export const YES_NO = ['Sim', 'Não'] as const;
export const EXPOSITION_TYPES = ['Abaixo do normal', 'Normal', 'Acima do normal'] as const;

export { rowIdText };

/** EPI row (all types): id, type, manufacturer, model, number. `id` is the server's, null for a new row. */
export const epiRowSchema = z.object({
  row_id: rowIdText(),
  id: z.number({ message: FIELD_MESSAGES.invalidId }).int(FIELD_MESSAGES.invalidId).nullable().default(null),
  type: lineText(),
  manufacturer: lineText(),
  model: lineText(),
  number: lineText(),
});
export type EpiRow = z.infer<typeof epiRowSchema>;

/** A blank EPI row (lists always keep one row). */
export function emptyEpiRow(): EpiRow {
  return epiRowSchema.parse({ row_id: newRowId() });
}

/** A list that always keeps one row: an empty or missing list parses to one blank row. */
export function oneRowList<T extends z.ZodType>(row: T, blank: () => z.output<T>) {
  return z
    .array(row)
    .max(200, SAMPLE_FIELD_MESSAGES.tooManyRows)
    .default([])
    .transform((rows) => (rows.length > 0 ? rows : [blank()]));
}

/**
 * The instrument and the calibrator (gauge) of a memory: name, serial
 * number, calibration certificate and expiry date, copied from the chosen
 * equipment (spec section 4). The expiry date is 'DD/MM/YYYY' like the
 * other dates of a block.
 */
export const instrumentFieldsShape = {
  instrument: lineText(),
  instrument_serie: lineText(),
  instrument_certificate: lineText(),
  instrument_validity: dateText(),
  gauge: lineText(),
  gauge_serie: lineText(),
  gauge_certificate: lineText(),
  gauge_validity: dateText(),
};

/**
 * A stored block with the fields of `template` filled in where missing or
 * of another kind, without validating (a draft may hold a half-typed time):
 * what a tab renders. Lists take their rows from the stored value, each row
 * filled like the template's first row; an empty list gets one blank row.
 * Fields the template does not know are kept.
 */
export function fillDefaults<T>(template: T, value: unknown): T {
  if (Array.isArray(template)) {
    const row = template[0];
    // A list of plain values (a row's `typed` marks): as stored.
    if (row === undefined) return (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []) as T;
    const rows = Array.isArray(value) ? value.map((item) => fillDefaults(row, item)) : [];
    return (rows.length > 0 || row === undefined ? rows : [fillDefaults(row, undefined)]) as T;
  }
  if (template !== null && typeof template === 'object') {
    const source = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const out: Record<string, unknown> = { ...source };
    for (const [key, inner] of Object.entries(template)) {
      // A row's id is its own: never the template row's.
      out[key] = key === 'row_id' ? (typeof source[key] === 'string' ? source[key] : '') : fillDefaults(inner, source[key]);
    }
    return out as T;
  }
  if (template === null) return (value === undefined ? null : value) as T;
  return (typeof value === typeof template ? value : template) as T;
}

/** The four tab blocks a sample type declares (Caracterização is common to every type). */
interface TypeBlockSchemas {
  memory_field: z.ZodType;
  result: z.ZodType;
  risk_classification: z.ZodType;
  validation: z.ZodType;
}

/**
 * One sample type's blocks from their schemas: the new sample's blocks (the
 * spec's defaults and the one-row lists) and a stored block with its
 * defaults filled in for the tabs. Every type builds its blocks with it.
 */
export function sampleTypeBlocks<S extends TypeBlockSchemas>(schemas: S) {
  type Blocks = { [K in keyof TypeBlockSchemas]: z.output<S[K]> };
  const empty = (): Blocks =>
    ({
      memory_field: schemas.memory_field.parse({}),
      result: schemas.result.parse({}),
      risk_classification: schemas.risk_classification.parse({}),
      validation: schemas.validation.parse({}),
    }) as Blocks;
  let cached: Blocks | null = null;
  return {
    empty,
    normalise<K extends keyof Blocks>(block: K, value: unknown): Blocks[K] {
      cached ??= empty();
      return fillDefaults(cached[block], value);
    },
  };
}
