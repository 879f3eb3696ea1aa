/**
 * The required mark on the sample form: the page provides the shown type's
 * required paths (its rules table, sample-tabs.ts) and every input given a
 * `field` ('memory_field.initial_time', 'memory_field.tasks.1.tbn') gets the
 * asterisk when its path is required (drawn by CSS after the label, so the
 * label's text stays the field's name; `aria-required` tells screen
 * readers), and `data-field`, by which 'Verificar' finds it to focus it. One table decides both, so the marks, the check and
 * the form never disagree.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type RequiredField, templateOf } from '@/domain/form-paths';
import classes from './required-mark.module.css';

const RequiredPaths = createContext<ReadonlySet<string>>(new Set());

export function RequiredFieldsProvider({ required, children }: { required: readonly RequiredField[]; children: ReactNode }) {
  const paths = useMemo(() => new Set(required.map((field) => `${field.block}.${field.path}`)), [required]);
  return <RequiredPaths.Provider value={paths}>{children}</RequiredPaths.Provider>;
}

export interface FieldMark {
  'data-field'?: string;
  'aria-required'?: boolean;
  labelProps?: { className: string; 'data-required': 'true' };
}

const REQUIRED_LABEL = { className: classes.required ?? 'required', 'data-required': 'true' } as const;

/** The props that mark a Mantine input: its path for the jump and, when required, the asterisk. */
export function useFieldMark(field: string | undefined): FieldMark {
  const paths = useContext(RequiredPaths);
  if (!field) return {};
  if (!paths.has(templateOf(field))) return { 'data-field': field };
  return { 'data-field': field, 'aria-required': true, labelProps: REQUIRED_LABEL };
}

/** The element of a field on the page, by its path (for the jump from 'Verificar'). */
export function fieldElement(field: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
}
