/**
 * What is wrong with a typed sample field, in the contract's own words
 * (issue 21): the same builders the block schemas are made of
 * (block-fields.ts: `timeText`, `durationText`, `decimalText`, `dateText`,
 * the text limits of `lineText`/`noteText`), so a field, its tab's mark,
 * 'Verificar' and the save that refuses it never disagree. Two readings:
 *
 * - `fieldProblem(input, value)`: one value of one kind of input, for an
 *   input that knows only its kind;
 * - `blockProblems(descriptor, block, value)`: a whole block through the
 *   type's block schema, each problem with its concrete path
 *   ('tasks.1.tbn') and the kind of input the descriptor gives it.
 *
 * Blank is never a problem here: a draft may be incomplete (required
 * fields are counted apart, descriptor.ts `requiredFieldsOf`).
 */
import type { z } from 'zod';
import { colorText, dateText, decimalText, durationText, lineText, noteText, timeText } from './block-fields';
import type { SampleBlockName } from './blocks';
import { blockOf, type FieldInput, nodeAt, pathLabel, type SampleTypeDescriptor } from './descriptor';

/**
 * The rule of each kind of input. A choice is read as a line: some choices
 * are stored as free text ('Método' keeps a value that is not among the
 * options), and the block's schema says when one is not.
 */
const RULES: Record<FieldInput, z.ZodType> = {
  line: lineText(),
  note: noteText(),
  time: timeText(),
  duration: durationText(),
  decimal: decimalText(),
  date: dateText(),
  choice: lineText(),
  color: colorText(),
};

/** The contract's message for `value` typed in an input of this kind, or null when it is accepted (blank always is). */
export function fieldProblem(input: FieldInput, value: string): string | null {
  const parsed = RULES[input].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** A value the block's schema refuses: its concrete path in the block ('' for the block as a whole). */
export interface BlockProblem {
  block: SampleBlockName;
  /** 'initial_time', 'nho.dose8', 'tasks.1.tbn'; '' when the block itself is refused. */
  path: string;
  message: string;
  /** How the field is typed, when the descriptor knows the path. */
  input?: FieldInput;
}

/** The values of a block its type's schema refuses, in the schema's order, one per path (the first message). */
export function blockProblems(descriptor: SampleTypeDescriptor, block: SampleBlockName, value: unknown): BlockProblem[] {
  const parsed = descriptor.schemas[block].safeParse(value ?? {});
  if (parsed.success) return [];
  const nodes = blockOf(descriptor, block)?.nodes ?? [];
  const seen = new Set<string>();
  const problems: BlockProblem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const node = path === '' ? undefined : nodeAt(nodes, path);
    problems.push(node?.kind === 'field' ? { block, path, message: issue.message, input: node.input } : { block, path, message: issue.message });
  }
  return problems;
}

/**
 * A block path for a person, under its tab's title: 'Memória de campo —
 * Tarefa 2 — tbn (°C)'; the tab's title alone for the block itself or a
 * path the descriptor does not know.
 */
export function problemLabel(descriptor: SampleTypeDescriptor, block: SampleBlockName, path: string): string {
  const described = blockOf(descriptor, block);
  const title = described?.title ?? block;
  const label = path === '' || !described ? undefined : pathLabel(described.nodes, path);
  return label === undefined ? title : `${title} — ${label}`;
}
