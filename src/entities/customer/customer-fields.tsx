/**
 * The customer form's fields (spec: Customers, "Form"): name, the
 * individual/corporate toggle, CPF or CNPJ, e-mail, phone, the contact block
 * for companies, notes. Controlled: the caller keeps the values
 * (customer-form-values.ts applies masks and capitalisation). `disabled`
 * shows them read-only (customer-type users).
 */
import type { ReactNode } from 'react';
import { Fieldset, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CustomerType } from '@sync/contract/customers';
import { CUSTOMER_FORM_TEXTS } from './customer-form-texts';
import type { CustomerFormErrors, CustomerFormField, CustomerFormValues } from './customer-form-values';

export interface CustomerFieldsProps {
  values: CustomerFormValues;
  errors: CustomerFormErrors;
  onChange: (patch: Partial<CustomerFormValues>, field: CustomerFormField | 'type') => void;
  disabled?: boolean;
  /** Shown under the document's row (the warning about another customer with the same CPF or CNPJ). */
  documentNotice?: ReactNode;
}

export function CustomerFields({ values, errors, onChange, disabled = false, documentNotice }: CustomerFieldsProps) {
  const texts = CUSTOMER_FORM_TEXTS.fields;
  const corporate = values.type === 'corporate';
  const text = (field: CustomerFormField, name: string, label: string, extra: { placeholder?: string; type?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      name={name}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.currentTarget.value }, field)}
      error={errors[field]}
      disabled={disabled}
      inputMode={extra.type === 'tel' ? 'tel' : extra.type === 'email' ? 'email' : undefined}
      {...extra}
    />
  );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="customer-type-label">
          {texts.type}
        </Text>
        <SegmentedControl
          aria-labelledby="customer-type-label"
          value={values.type}
          onChange={(type) => onChange({ type: type as CustomerType }, 'type')}
          data={[
            { value: 'individual', label: texts.individual },
            { value: 'corporate', label: texts.corporate },
          ]}
          disabled={disabled}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('name', 'name', texts.name, { required: true })}
        {text('document', 'document', corporate ? texts.cnpj : texts.cpf, {
          placeholder: corporate ? CUSTOMER_FORM_TEXTS.placeholders.cnpj : CUSTOMER_FORM_TEXTS.placeholders.cpf,
        })}
        {text('email', 'email', texts.email, { type: 'email', required: true })}
        {text('phone', 'phone', texts.phone, { type: 'tel', required: true, placeholder: CUSTOMER_FORM_TEXTS.placeholders.phone })}
      </SimpleGrid>
      {documentNotice}
      {corporate ? (
        <Fieldset legend={CUSTOMER_FORM_TEXTS.contact.title} disabled={disabled}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {text('contactName', 'contact_name', CUSTOMER_FORM_TEXTS.contact.name)}
            {text('contactEmail', 'contact_email', CUSTOMER_FORM_TEXTS.contact.email, { type: 'email' })}
            {text('contactPhone', 'contact_phone', CUSTOMER_FORM_TEXTS.contact.phone, {
              type: 'tel',
              placeholder: CUSTOMER_FORM_TEXTS.placeholders.phone,
            })}
          </SimpleGrid>
        </Fieldset>
      ) : null}
      <Textarea
        label={texts.comment}
        name="comment"
        value={values.comment}
        onChange={(event) => onChange({ comment: event.currentTarget.value }, 'comment')}
        error={errors.comment}
        disabled={disabled}
        rows={3}
        resize="vertical"
      />
    </Stack>
  );
}
