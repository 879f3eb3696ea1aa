/**
 * 'Adicionar Cliente' (spec: Customers; opened from the quotation form's
 * 'Adicionar novo cliente'): the customer form and Salvar. The customer is
 * saved on the device like any other (offline too) and handed back by its
 * local key, so the caller can select it at once. When another customer
 * already has the CPF or CNPJ typed, a warning offers 'Usar este cliente',
 * which hands that customer back instead.
 */
import { useState } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms/sync-error';
import { CustomerFields } from './customer-fields';
import { CUSTOMER_FORM_TEXTS } from './customer-form-texts';
import type { CustomerFields as CustomerFieldValues } from './customer-form-values';
import { useCustomerForm } from './use-customer-form';
import { customerFieldsOf } from './same-document';
import { SameDocumentNotice } from './same-document-notice';
import { useSameDocumentCustomer } from './use-same-document';

export interface AddCustomerModalProps {
  opened: boolean;
  onClose: () => void;
  /** After the save: the new customer's local key and what was saved. */
  onSaved: (key: string, fields: CustomerFieldValues) => void;
}

export function AddCustomerModal({ opened, onClose, onSaved }: AddCustomerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={CUSTOMER_FORM_TEXTS.modalTitle} size="lg" centered>
      {/* Mounted only while open: every opening starts with an empty form. */}
      {opened ? <AddCustomerForm onSaved={onSaved} /> : null}
    </Modal>
  );
}

function AddCustomerForm({ onSaved }: Pick<AddCustomerModalProps, 'onSaved'>) {
  const form = useCustomerForm();
  const { saveRecord } = useSyncActions();
  const [saving, setSaving] = useState(false);
  const existing = useSameDocumentCustomer(form.values, null);

  const submit = async () => {
    const fields = form.read();
    if (!fields || saving) return;
    setSaving(true);
    try {
      const key = await saveRecord('customers', null, fields);
      alertSuccess(CUSTOMER_FORM_TEXTS.saved);
      onSaved(key, fields);
    } catch (error) {
      if (!form.showSaveError(error)) alertDanger(CUSTOMER_FORM_TEXTS.saveFailed(errorMessage(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-label={CUSTOMER_FORM_TEXTS.modalTitle}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <CustomerFields
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        documentNotice={
          <SameDocumentNotice
            existing={existing}
            action={(customer) => (
              <Button size="xs" variant="light" onClick={() => onSaved(customer.key, customerFieldsOf(customer))}>
                {CUSTOMER_FORM_TEXTS.sameDocument.use}
              </Button>
            )}
          />
        }
      />
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={saving}>
          {CUSTOMER_FORM_TEXTS.save}
        </Button>
      </Group>
    </form>
  );
}
