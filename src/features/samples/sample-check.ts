/**
 * FIELD-UX item 3 on the sample page: which required fields of the sample's
 * type (its rules table, sample-tabs.ts) are still blank, and which fields
 * hold a value the contract refuses (an impossible date, a time outside
 * 00:00–23:59, a number that is not one: the type's block schemas, read by
 * sync/contract/samples/field-problems.ts), for the fields' own errors, the
 * tab marks and 'Verificar'. Drafts may be incomplete: a blank field never
 * stops Salvar; an invalid one does (the save validates with the same
 * schemas), and `refusedSave` names it with its tab.
 */
import { SyncError } from '@sync/react';
import {
  blockOf,
  descriptorOfType,
  fieldPathsOf,
  pathLabel,
  SAMPLE_BLOCKS,
  SAMPLE_TYPE_DESCRIPTORS,
  type SampleBlockName,
  type SampleTypeSlug,
} from '@sync/contract/samples';
import { blockProblems, problemLabel } from '@sync/contract/samples/field-problems';
import type { FieldInput } from '@sync/contract/samples/descriptor';
import { expandPath, isBlank, type MissingField, missingCountByBlock, missingFields, type RequiredField, valueAt } from '@/domain/form-paths';
import { SAMPLE_TYPE_RULES } from './sample-tabs';
import { SAMPLE_FIELD_CHECK_TEXTS } from './sample-texts';
import type { SampleBlocks } from './use-sample-draft';

export function requiredFieldsOf(slug: SampleTypeSlug | undefined): readonly RequiredField[] {
  return slug ? SAMPLE_TYPE_RULES[slug].required : [];
}

/** The blank required fields of a sample's blocks, in the table's order. */
export function sampleMissing(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): MissingField[] {
  return missingFields(blocks, requiredFieldsOf(slug));
}

/** A field whose value the contract refuses: where it is, its label in its tab, the contract's message. */
export interface InvalidField extends MissingField {
  message: string;
  /** How the field is typed (the descriptor's input), when the type knows the path. */
  input?: FieldInput;
  /** The value as typed, '' when it is not text. */
  value: string;
}

// One parse per block object: a keystroke makes a new object of its block only.
const parsedBlocks = new WeakMap<object, Map<string, InvalidField[]>>();

function blockInvalid(slug: SampleTypeSlug, block: SampleBlockName, value: unknown): InvalidField[] {
  const key = value !== null && typeof value === 'object' ? value : null;
  const cacheKey = `${slug}.${block}`;
  const cached = key ? parsedBlocks.get(key)?.get(cacheKey) : undefined;
  if (cached) return cached;
  const descriptor = SAMPLE_TYPE_DESCRIPTORS[slug];
  const described = blockOf(descriptor, block);
  const invalid = blockProblems(descriptor, block, value).map((problem): InvalidField => {
    const label = (problem.path === '' ? undefined : pathLabel(described?.nodes ?? [], problem.path)) ?? described?.title ?? block;
    const typed = problem.path === '' ? undefined : valueAt(value, problem.path);
    const field: InvalidField = { block, path: problem.path, label, message: problem.message, value: typeof typed === 'string' ? typed : '' };
    if (problem.input) field.input = problem.input;
    return field;
  });
  if (key) {
    const byUse = parsedBlocks.get(key) ?? new Map<string, InvalidField[]>();
    byUse.set(cacheKey, invalid);
    parsedBlocks.set(key, byUse);
  }
  return invalid;
}

/** The fields of a sample's blocks the contract refuses, tab by tab in the tabs' order, each tab in its schema's order. */
export function sampleInvalid(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): InvalidField[] {
  if (!slug) return [];
  return SAMPLE_BLOCKS.flatMap((block) => blockInvalid(slug, block, blocks[block]));
}

/** What 'Verificar' lists: the invalid fields and the blank required ones. */
export interface SampleCheck {
  invalid: InvalidField[];
  missing: MissingField[];
}

export const NOTHING_TO_CHECK: SampleCheck = { invalid: [], missing: [] };

export function sampleCheck(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): SampleCheck {
  return { invalid: sampleInvalid(slug, blocks), missing: sampleMissing(slug, blocks) };
}

/** A tab's mark. */
export interface TabMark {
  /** Blank required fields; absent when the tab requires none. */
  missing?: number;
  /** Fields holding a value the contract refuses. */
  invalid: number;
  /**
   * A tab of computed content with nothing required (descriptor
   * `markedTabs`: heat's Classificação): true once every figure of the tab
   * is computed, false while one is blank.
   */
  computed?: boolean;
}

/** True when every computed field (descriptor `figure`) of the block has a value. */
function figuresComputed(slug: SampleTypeSlug, block: SampleBlockName, value: unknown): boolean {
  const nodes = blockOf(SAMPLE_TYPE_DESCRIPTORS[slug], block)?.nodes ?? [];
  const figures = fieldPathsOf(nodes).filter(({ node }) => node.figure && !node.hidden);
  if (figures.length === 0) return false;
  return figures.every(({ path }) => expandPath(value, path).every((concrete) => !isBlank(valueAt(value, concrete))));
}

/**
 * Per tab: its blank required fields (`missing`, for a tab that requires
 * some), its invalid fields, and for a computed tab whether it is computed.
 * A tab with none of these has no mark (absent).
 */
export function sampleTabMarks(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): Partial<Record<SampleBlockName, TabMark>> {
  const missing = missingCountByBlock(blocks, requiredFieldsOf(slug));
  const invalid: Partial<Record<string, number>> = {};
  for (const field of sampleInvalid(slug, blocks)) invalid[field.block] = (invalid[field.block] ?? 0) + 1;
  const marked = new Set<string>(slug ? (SAMPLE_TYPE_DESCRIPTORS[slug].markedTabs ?? []) : []);
  const marks: Partial<Record<SampleBlockName, TabMark>> = {};
  for (const block of SAMPLE_BLOCKS) {
    const mark: TabMark = { invalid: invalid[block] ?? 0 };
    if (missing[block] !== undefined) mark.missing = missing[block];
    else if (slug && marked.has(block)) mark.computed = figuresComputed(slug, block, blocks[block]);
    if (mark.missing !== undefined || mark.computed !== undefined || mark.invalid > 0) marks[block] = mark;
  }
  return marks;
}

/**
 * The toast of a Salvar the contract refused (a SyncError 'validation',
 * its messages by path: 'memory_field.initial_time'): the first field named
 * with its tab ('Memória de campo — Hora inicial: Hora inválida: use
 * HH:mm.') and how many more; `inBlocks` when a sample block is at fault
 * (the page then opens 'Verificar'). Null for any other error.
 */
export function refusedSave(error: unknown, typeId: unknown): { message: string; inBlocks: boolean } | null {
  if (!(error instanceof SyncError) || error.code !== 'validation' || !error.info.fields) return null;
  const entries = Object.entries(error.info.fields).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return null;
  // fieldMessages (sync/engine/validation-messages.ts) lists every message under its first step, and a nested one
  // also under its full path: each full path is a field, and a first step with messages of its own is one more.
  const nested = entries.filter(([path]) => path.includes('.'));
  let total = nested.length;
  for (const [step, messages] of entries) {
    if (step.includes('.')) continue;
    const inside = nested.filter(([path]) => path.startsWith(`${step}.`)).reduce((sum, [, inner]) => sum + inner.length, 0);
    if (messages.length > inside) total += 1;
  }
  const [path, messages] = nested[0] ?? entries[0]!;
  const [block, ...rest] = path.split('.');
  const descriptor = descriptorOfType(typeId);
  const isBlock = (SAMPLE_BLOCKS as readonly string[]).includes(block ?? '');
  const label = descriptor && isBlock ? problemLabel(descriptor, block as SampleBlockName, rest.join('.')) : undefined;
  const first = label ? `${label}: ${messages[0]}` : messages[0]!;
  return {
    message: SAMPLE_FIELD_CHECK_TEXTS.saveRefused(first, Math.max(0, total - 1)),
    inBlocks: entries.some(([candidate]) => (SAMPLE_BLOCKS as readonly string[]).includes(candidate.split('.')[0]!)),
  };
}
