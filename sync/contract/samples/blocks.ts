/**
 * The five JSON blocks of a sample (spec samples.md section 3):
 * `caracterization`, `memory_field`, `result`, `risk_classification` and
 * `validation`. Their content depends on the sample type, so each type
 * declares its block schemas in its own module (noise.ts, heat.ts,
 * chemical.ts, vibration.ts) and `SAMPLE_BLOCK_SCHEMAS[slug]` maps a
 * type to them. A block a type does not declare is a loose object: any
 * field names, plain JSON values, with the shared text limits (no U+0000
 * nor lone surrogate, in keys too; line breaks allowed, as a loose text may
 * be a note; texts at most TEXT_LIMITS.note, the whole block at most
 * TEXT_LIMITS.richText characters as JSON).
 *
 * The caracterization's common fields (all types) are typed here; a type may
 * extend them (`commonCaracterizationSchema.extend(...)`).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, isStorableText, TEXT_LIMITS, tooLongMessage, trimmedText } from '../fields';

export const SAMPLE_BLOCKS = ['caracterization', 'memory_field', 'result', 'risk_classification', 'validation'] as const;
export type SampleBlockName = (typeof SAMPLE_BLOCKS)[number];

/** A block as stored and sent: a JSON object. */
export type SampleBlock = Record<string, unknown>;

const MAX_DEPTH = 6;
const MAX_ITEMS = 500;
export const BLOCK_MESSAGES = {
  tooLarge: 'Bloco da amostra grande demais.',
  tooDeep: 'Bloco da amostra com estrutura inválida.',
  tooManyItems: 'Itens demais neste bloco da amostra.',
} as const;

/** Walks a JSON value and reports the first violation of the shared limits. */
function blockProblem(value: unknown, depth: number): string | null {
  if (typeof value === 'string') {
    if (!isStorableText(value)) return FIELD_MESSAGES.invalidCharacter;
    return value.length > TEXT_LIMITS.note ? tooLongMessage(TEXT_LIMITS.note) : null;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return null;
  if (depth >= MAX_DEPTH) return BLOCK_MESSAGES.tooDeep;
  if (Array.isArray(value)) {
    if (value.length > MAX_ITEMS) return BLOCK_MESSAGES.tooManyItems;
    for (const item of value) {
      const problem = blockProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > MAX_ITEMS) return BLOCK_MESSAGES.tooManyItems;
    for (const [key, item] of entries) {
      if (key.length > TEXT_LIMITS.line || !isStorableText(key)) return FIELD_MESSAGES.invalidCharacter;
      const problem = blockProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  return BLOCK_MESSAGES.tooDeep;
}

/** A block with no declared fields: any JSON object within the shared limits. */
export const looseBlockSchema = z.record(z.string(), z.json()).superRefine((block, context) => {
  const problem = blockProblem(block, 0);
  if (problem) context.addIssue({ code: 'custom', message: problem });
  else if (JSON.stringify(block).length > TEXT_LIMITS.richText) context.addIssue({ code: 'custom', message: BLOCK_MESSAGES.tooLarge });
});

const line = trimmedText(TEXT_LIMITS.line).nullish();

/** The caracterization's fields common to every type (spec: sample_no, ghe, supervisor, employee, register, function, sector, equipment). */
export const commonCaracterizationSchema = z
  .object({
    sample_no: line,
    ghe: line,
    supervisor: line,
    employee: line,
    register: line,
    function: line,
    sector: line,
    equipment: line,
  })
  .catchall(z.json());
export type CommonCaracterization = z.infer<typeof commonCaracterizationSchema>;

/** The caracterization of a type that declares nothing more: the common fields plus loose ones, within the limits. */
export const defaultCaracterizationSchema = commonCaracterizationSchema.superRefine((block, context) => {
  const problem = blockProblem(block, 0);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** The schemas of one type's five blocks. */
export type SampleBlockSchemas = Record<SampleBlockName, z.ZodType<SampleBlock>>;

export const DEFAULT_BLOCK_SCHEMAS: SampleBlockSchemas = {
  caracterization: defaultCaracterizationSchema as z.ZodType<SampleBlock>,
  memory_field: looseBlockSchema,
  result: looseBlockSchema,
  risk_classification: looseBlockSchema,
  validation: looseBlockSchema,
};

/** Builds a type's block schemas: the blocks it declares, the defaults for the rest. */
export function blockSchemasOf(declared: Partial<SampleBlockSchemas>): SampleBlockSchemas {
  return { ...DEFAULT_BLOCK_SCHEMAS, ...declared };
}
