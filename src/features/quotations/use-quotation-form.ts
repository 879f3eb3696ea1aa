/**
 * The quotation page's form: `useRecordForm` (one way to write a form,
 * issue 24) in its uncontrolled mode, so a key does not re-render the page
 * (issue 11's key-to-total figure, bench part quotation-typing). The
 * values live in the form's ref; each section, line and figure subscribes
 * to its own path (`useValue`) and re-renders when that changes: a key in
 * one of 100 agent rows re-renders that row and the totals. The page itself
 * re-renders when a list's lines are added, removed or replaced (`setList`)
 * and when the messages change.
 *
 * The rules are `readQuotationForm` (quotation-form-values.ts, tested as a
 * table), read as the form's schema; sections get `QuotationFormApi`, one
 * object for the page's life, so the memoised ones skip what is not theirs.
 */
import { useMemo, useRef } from 'react';
import type { LocalQuotation, ResourceInput } from '@sync/react';
import { useRecordForm } from '@/ui/edit-page';
import { type FormReadResult, readSchema } from '@/ui/forms';
import { quotationFormValues, readQuotationForm, type LineList, type QuotationFormValues } from './quotation-form-values';
import { QUOTATION_ROUTES } from './quotation-routes';
import { QUOTATION_TEXTS } from './quotation-texts';

const quotationFormSchema = readSchema((values: QuotationFormValues) => readQuotationForm(values) as FormReadResult<ResourceInput<'quotations'>>);

/** The store names the customer by id or key; the form shows its message at the customer. */
const FIELD_NAMES = { customer_id: 'customer', customer_key: 'customer' } as const;

const LINE_LISTS: readonly string[] = ['rows', 'services', 'costs', 'equipments', 'deadlines'] satisfies readonly LineList[];

export interface QuotationFormApi {
  /** The values now (not subscribed: read them in handlers, or in a render that `useValue` triggers). */
  values: () => QuotationFormValues;
  /** The value at a path ('discount', 'rows.3'), kept current: the calling component re-renders when it changes. */
  useValue: <T>(path: string) => T;
  /** Calls `listener` when the value at a path (or within it) changes; a hook: `listener` should keep its identity. */
  useWatch: (path: string, listener: (change: { value: unknown }) => void) => void;
  /**
   * A value typed or chosen, stored without re-rendering the page. Its
   * message goes, and `message` too when the field's message has another
   * name ('customer' for customer_key); a line's edit also takes 'Total é
   * obrigatório' away.
   */
  set: (path: string, value: unknown, message?: string) => void;
  /** A list's lines added, removed or replaced: the page shows the new lines. */
  setList: <K extends LineList>(list: K, lines: QuotationFormValues[K]) => void;
}

export function useQuotationForm(record: LocalQuotation | undefined, sellerId: number | null | undefined) {
  const editor = useRecordForm({
    resource: 'quotations',
    record,
    schema: quotationFormSchema,
    initialValues: () => quotationFormValues(record, sellerId),
    fieldNames: FIELD_NAMES,
    mode: 'uncontrolled',
    texts: { saved: QUOTATION_TEXTS.saved, deleted: QUOTATION_TEXTS.deleted },
    routes: QUOTATION_ROUTES,
  });
  // The form objects are new on every render; the api reads the latest through a ref, so it is made once.
  const form = useRef(editor.form);
  form.current = editor.form;
  const api = useMemo<QuotationFormApi>(
    () => ({
      values: () => form.current.form.getValues(),
      // Mantine's watch hook is one function for the form's life (it reads the values' ref), so it is handed on as is.
      useValue: form.current.form.useWatchValue as QuotationFormApi['useValue'],
      useWatch: form.current.form.watch as QuotationFormApi['useWatch'],
      set: (path, value, message) => {
        form.current.setValue(path, value);
        if (message) form.current.form.clearFieldError(message);
        if (LINE_LISTS.includes(path.split('.')[0]!)) form.current.form.clearFieldError('total');
      },
      setList: (list, lines) => form.current.form.setFieldValue(list, lines as never),
    }),
    [],
  );
  return { editor, api };
}
