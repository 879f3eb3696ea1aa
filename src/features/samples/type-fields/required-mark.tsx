/**
 * The required mark and the field's own error on the sample form.
 *
 * The page provides the shown type's required paths (its rules table,
 * sample-tabs.ts) and every input given a `field` ('memory_field.initial_time',
 * 'memory_field.tasks.1.tbn') gets the asterisk when its path is required
 * (drawn by CSS after the label, so the label's text stays the field's name;
 * `aria-required` tells screen readers), and `data-field`, by which
 * 'Verificar' finds it to focus it. One table decides both, so the marks,
 * the check and the form never disagree.
 *
 * The page also provides the fields its blocks' schemas refuse
 * (FieldProblemsProvider, sample-check.ts `sampleInvalid`): an input with a
 * `field` shows that message as its error, the same one its tab counts and
 * Salvar would give. An input without a path, or outside the page, judges
 * its own value by its kind (field-problems.ts `fieldProblem`). The error
 * waits while a time or a date is being typed and is still incomplete
 * ('2' of '25:30'): it shows once the value is whole or the field is left;
 * a number's shows at once.
 */
import { createContext, type FocusEvent, type ReactNode, useContext, useMemo, useState } from 'react';
import type { FieldInput } from '@sync/contract/samples/descriptor';
import { fieldProblem } from '@sync/contract/samples/field-problems';
import { type RequiredField, templateOf } from '@/domain/form-paths';
import classes from './required-mark.module.css';

const RequiredPaths = createContext<ReadonlySet<string>>(new Set());

export function RequiredFieldsProvider({ required, children }: { required: readonly RequiredField[]; children: ReactNode }) {
  const paths = useMemo(() => new Set(required.map((field) => `${field.block}.${field.path}`)), [required]);
  return <RequiredPaths.Provider value={paths}>{children}</RequiredPaths.Provider>;
}

/** A refused value: the contract's message, how the field is typed, the value as typed. */
export interface FieldProblemEntry {
  message: string;
  input?: FieldInput;
  value: string;
}

/** Refused values by full path ('memory_field.initial_time'); null outside the sample page. */
const FieldProblems = createContext<ReadonlyMap<string, FieldProblemEntry> | null>(null);

/** The page's refused values; give it a new map only when they change (every input with a path reads it). */
export function FieldProblemsProvider({ problems, children }: { problems: ReadonlyMap<string, FieldProblemEntry>; children: ReactNode }) {
  return <FieldProblems.Provider value={problems}>{children}</FieldProblems.Provider>;
}

export interface FieldMark {
  'data-field'?: string;
  'aria-required'?: boolean;
  labelProps?: { className: string; 'data-required': 'true' };
  /** The contract's message for the value, once it is shown (see `showsNow`). */
  error?: string;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

const REQUIRED_LABEL = { className: classes.required ?? 'required', 'data-required': 'true' } as const;

const WHOLE_TIME = /^\d{2,}:\d{2}$/;
const WHOLE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/** Whether a refused value's error shows now: always once the field is left; while typing, a time or date only when whole. */
export function showsNow(input: FieldInput | undefined, value: string, focused: boolean): boolean {
  if (!focused) return true;
  if (input === 'time' || input === 'duration') return WHOLE_TIME.test(value.trim());
  if (input === 'date') return WHOLE_DATE.test(value.trim());
  return true;
}

/**
 * The props that mark a Mantine input: its path for the jump, when required
 * the asterisk, and the error of a refused value with the focus handlers
 * that time it. `own` is the input's kind and value, for judging it when
 * the page does not (no path, or outside the sample page).
 */
export function useFieldMark(field: string | undefined, own?: { input: FieldInput; value: string }): FieldMark {
  const paths = useContext(RequiredPaths);
  const problems = useContext(FieldProblems);
  const [focused, setFocused] = useState(false);
  let problem: FieldProblemEntry | null = null;
  if (field && problems) problem = problems.get(field) ?? null;
  else if (own) {
    const message = fieldProblem(own.input, own.value);
    problem = message ? { message, input: own.input, value: own.value } : null;
  }
  const mark: FieldMark = {
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
  if (problem && showsNow(problem.input, problem.value, focused)) mark.error = problem.message;
  if (!field) return mark;
  mark['data-field'] = field;
  if (paths.has(templateOf(field))) {
    mark['aria-required'] = true;
    mark.labelProps = REQUIRED_LABEL;
  }
  return mark;
}

/** The element of a field on the page, by its path (for the jump from 'Verificar'). */
export function fieldElement(field: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
}
