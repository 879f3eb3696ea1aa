/**
 * The state of a customer form: values as typed (masks and capitalisation
 * applied on change), the message of each field, and `read()`, which checks
 * the form, shows what is wrong and returns the fields to save (or null).
 * `showSaveError` puts the store's validation messages at the fields.
 */
import { useCallback, useState } from 'react';
import type { LocalCustomer } from '@sync/react';
import { fieldErrorsOf } from '@/ui/forms/sync-error';
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

export function useCustomerForm(record?: LocalCustomer): CustomerFormState {
  const [values, setValues] = useState<CustomerFormValues>(() => customerFormValues(record));
  const [errors, setErrors] = useState<CustomerFormErrors>({});

  const change = useCallback((patch: Partial<CustomerFormValues>, field: CustomerFormField | 'type') => {
    setValues((current) => changeCustomerForm(current, patch));
    setErrors((current) => {
      if (field === 'type') return { ...current, document: undefined };
      return current[field] ? { ...current, [field]: undefined } : current;
    });
  }, []);

  const read = () => {
    const result = readCustomerForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return null;
    }
    setErrors({});
    return result.fields;
  };

  const showSaveError = (error: unknown) => {
    const fieldErrors = fieldErrorsOf(error, CUSTOMER_FIELD_NAMES) as CustomerFormErrors;
    if (Object.keys(fieldErrors).length === 0) return false;
    setErrors(fieldErrors);
    return true;
  };

  const reset = (next?: LocalCustomer) => {
    setValues(customerFormValues(next));
    setErrors({});
  };

  return { values, errors, change, read, showSaveError, reset };
}
