/**
 * The state of a customer form, on `useSchemaForm` (the one way a form is
 * written): values as typed (masks and capitalisation applied on change),
 * the message of each field, and `read()`, which checks the form, shows
 * what is wrong and returns the fields to save (or null). The schema is
 * `readCustomerForm` (customer-form-values.ts, tested as a table).
 * `showSaveError` puts the store's validation messages at the fields.
 */
import type { LocalCustomer } from '@sync/react';
import { readSchema, useSchemaForm } from '@/ui/forms';
import {
  changeCustomerForm,
  CUSTOMER_FIELD_NAMES,
  customerFormValues,
  readCustomerForm,
  type CustomerFields,
  type CustomerFormErrors,
  type CustomerFormField,
  type CustomerFormValues,
} from './customer-form-values';

export interface CustomerFormState {
  values: CustomerFormValues;
  errors: CustomerFormErrors;
  change: (patch: Partial<CustomerFormValues>, field: CustomerFormField | 'type') => void;
  /** Validates; on success the fields to save, else null (messages shown). */
  read: () => CustomerFields | null;
  /** Shows a failed save's per-field messages; false when the error had none (show an alert instead). */
  showSaveError: (error: unknown) => boolean;
  reset: (record?: LocalCustomer) => void;
}

const customerFormSchema = readSchema(readCustomerForm);

export function useCustomerForm(record?: LocalCustomer): CustomerFormState {
  const schemaForm = useSchemaForm(customerFormSchema, () => customerFormValues(record), { fieldNames: CUSTOMER_FIELD_NAMES });
  const { form } = schemaForm;

  const change = (patch: Partial<CustomerFormValues>, field: CustomerFormField | 'type') => {
    const current = form.getValues();
    const next = changeCustomerForm(current, patch);
    for (const name of Object.keys(next) as Array<keyof CustomerFormValues>) {
      if (next[name] !== current[name]) form.setFieldValue(name, next[name]);
    }
    // The edited field's message goes even when a mask kept its text; a new type re-judges the document.
    form.clearFieldError(field === 'type' ? 'document' : field);
  };

  const read = () => {
    const result = schemaForm.read();
    return result.ok ? result.output : null;
  };

  const reset = (next?: LocalCustomer) => {
    form.setValues(customerFormValues(next));
    form.clearErrors();
    form.resetDirty();
  };

  return {
    values: schemaForm.values as CustomerFormValues,
    errors: form.errors as CustomerFormErrors,
    change,
    read,
    showSaveError: schemaForm.showSaveError,
    reset,
  };
}
