/**
 * The quotation's customer (spec: 'customer autocomplete with link
 * "Adicionar novo cliente"', 'service address selector (only when the
 * customer has more than one address)'): the customers on the device, 10
 * shown; the link opens the add-customer modal, whose customer (saved on
 * the device, offline too) is chosen at once by its local key, so the
 * quotation can reference a customer that is not on the server yet.
 * Memoised and following its two fields itself. A new customer clears the
 * service address.
 */
import { useState, memo } from 'react';
import { Anchor, Grid, NativeSelect, Stack } from '@mantine/core';
import { useLocalLines } from '@sync/react/use-local-record';
import { AddCustomerModal } from '@/entities/customer';
import { LocalRecordSelect } from '@/ui/inputs';
import type { QuotationFormApi } from './use-quotation-form';

export const CUSTOMER_FIELD_TEXTS = {
  customer: 'Cliente',
  placeholder: 'Procure o cliente pelo nome',
  addCustomer: 'Adicionar novo cliente',
  address: 'Endereço de execução',
  addressNone: 'Selecione',
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

export interface QuotationCustomerFieldProps {
  api: QuotationFormApi;
  /** Salvar's message ('Cliente é obrigatório'). */
  error?: string;
}

export const QuotationCustomerField = memo(function QuotationCustomerField({ api, error }: QuotationCustomerFieldProps) {
  const customerKey = api.useValue<string | null>('customer_key');
  const addressKey = api.useValue<string | null>('service_address_key');
  const onCustomer = (key: string | null) => {
    api.set('customer_key', key, 'customer');
    api.set('service_address_key', null, 'service_address');
  };
  const onAddress = (key: string | null) => api.set('service_address_key', key, 'service_address');
  const [adding, setAdding] = useState(false);
  const addresses = useLocalLines('customer_addresses', customerKey);
  const list = addresses.loading ? [] : addresses.rows;
  return (
    <>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap={4}>
          <LocalRecordSelect
            resource="customers"
            label={CUSTOMER_FIELD_TEXTS.customer}
            placeholder={CUSTOMER_FIELD_TEXTS.placeholder}
            withAsterisk
            value={{ key: customerKey, id: null, name: '' }}
            onChange={(customer) => onCustomer(customer?.key ?? null)}
            error={error}
            styles={TOUCH}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start', minHeight: 44 }}>
            {CUSTOMER_FIELD_TEXTS.addCustomer}
          </Anchor>
        </Stack>
      </Grid.Col>
      {list.length > 1 ? (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NativeSelect
            label={CUSTOMER_FIELD_TEXTS.address}
            name="service_address"
            value={addressKey ?? ''}
            onChange={(event) => onAddress(event.currentTarget.value || null)}
            data={[
              { value: '', label: CUSTOMER_FIELD_TEXTS.addressNone },
              ...list.map((address) => ({
                value: address.key,
                label: [address.label, address.address ?? address.street, address.city].filter(Boolean).join(' — '),
              })),
            ]}
            styles={TOUCH}
          />
        </Grid.Col>
      ) : null}
      <AddCustomerModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(key) => {
          setAdding(false);
          onCustomer(key);
        }}
      />
    </>
  );
});
