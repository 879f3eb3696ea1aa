/**
 * 'Vendedor' (spec sections 3, 6 and 9): an administrator chooses the seller
 * among the staff kept on the device (the read-only `users` list, which
 * holds deleted users too: they are hidden from the choice, and so are
 * customer-type users, who are the customers' people; either one who
 * already is this quotation's seller still shows, marked);
 * anyone else sees the seller's name read-only (their own on a new
 * quotation). The server enforces the same rule ('Vendedor não encontrado.'
 * for an unknown user, a refusal for a customer-type user; a
 * non-administrator's choice is ignored).
 *
 * Until the users list reaches the device (never synced, or no access to
 * it) an administrator sees the name read-only as well.
 */
import { useMemo, memo } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { useLocalList } from '@sync/react/use-local-record';
import type { QuotationFormApi } from './use-quotation-form';

export const SELLER_TEXTS = {
  label: 'Vendedor',
  none: 'Selecione',
  deleted: (name: string) => `${name} (excluído)`,
  customer: (name: string) => `${name} (cliente)`,
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

export interface QuotationSellerFieldProps {
  /** The form, whose `created_by` is the seller's user id as text ('' for none). */
  api: QuotationFormApi;
  /** Administrators choose; others read. */
  canChoose: boolean;
  /** The seller's name as known without the users list (the quotation's, or the signed-in user's on a new one). */
  name: string;
  error?: string;
}

export const QuotationSellerField = memo(function QuotationSellerField({ api, canChoose, name, error }: QuotationSellerFieldProps) {
  const value = api.useValue<string>('created_by');
  const users = useLocalList('users');
  const rows = users.loading ? null : users.rows;
  const options = useMemo(() => {
    if (rows === null) return [];
    const sorted = [...rows].filter((user) => user.id !== null).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    const isCustomer = (user: (typeof sorted)[number]) => user.settings.role?.slug === CUSTOMER_ROLE_SLUG;
    return sorted
      .filter((user) => (user.deleted_at === null && !isCustomer(user)) || String(user.id) === value)
      .map((user) => ({
        value: String(user.id),
        label: user.deleted_at !== null ? SELLER_TEXTS.deleted(user.name) : isCustomer(user) ? SELLER_TEXTS.customer(user.name) : user.name,
      }));
  }, [rows, value]);

  if (!canChoose || options.length === 0) {
    return <TextInput label={SELLER_TEXTS.label} value={name} readOnly variant="filled" styles={TOUCH} />;
  }
  // A seller the device does not know (not pulled yet) keeps its id and shows its known name.
  const known = value === '' || options.some((option) => option.value === value);
  const data = [{ value: '', label: SELLER_TEXTS.none }, ...(known ? [] : [{ value, label: name || value }]), ...options];
  return (
    <NativeSelect
      label={SELLER_TEXTS.label}
      name="created_by"
      value={value}
      onChange={(event) => api.set('created_by', event.currentTarget.value)}
      data={data}
      error={error}
      styles={TOUCH}
    />
  );
});
