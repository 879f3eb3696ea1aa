/**
 * The warning under the customer form when another customer has the same
 * CPF or CNPJ: who it is, and the caller's way to it (the customer page
 * opens it, the 'Adicionar Cliente' modal offers to use it). It warns and
 * does not block: the user decides (docs/decisions/entities-and-defects.md).
 */
import type { ReactNode } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import type { LocalCustomer } from '@sync/react';
import { CUSTOMER_FORM_TEXTS } from './customer-form-texts';

export interface SameDocumentNoticeProps {
  existing: LocalCustomer | undefined;
  /** The way to the existing customer (a link or a button). */
  action: (existing: LocalCustomer) => ReactNode;
}

export function SameDocumentNotice({ existing, action }: SameDocumentNoticeProps) {
  if (!existing) return null;
  const label = existing.type === 'corporate' ? CUSTOMER_FORM_TEXTS.fields.cnpj : CUSTOMER_FORM_TEXTS.fields.cpf;
  return (
    <Alert color="yellow" variant="light" role="status" title={CUSTOMER_FORM_TEXTS.sameDocument.title(label)}>
      <Group gap="sm" justify="space-between">
        <Text size="sm">{CUSTOMER_FORM_TEXTS.sameDocument.message(existing.name)}</Text>
        {action(existing)}
      </Group>
    </Alert>
  );
}
