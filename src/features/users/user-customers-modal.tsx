/**
 * The 'Clientes' modal of a customer-type user (spec sections 2, 4, 5): the
 * customers linked to the user, one added through the autocomplete over the
 * customers on the device ('Selecione um cliente' when none is chosen,
 * 'Cliente já foi adicionado' for one already in the list) or removed.
 * The page decides what adding and removing mean: calls to the server for
 * a saved user, a list kept until the save for a new one.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalCustomer } from '@sync/react';
import { alertDanger, alertSuccess, alertWarning } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { LocalRecordSelect } from '@/ui/inputs';
import { USER_CUSTOMER_TEXTS, USER_TEXTS } from './user-texts';

export type LinkedCustomer = { id: number; name: string };

export interface UserCustomersModalProps {
  opened: boolean;
  onClose: () => void;
  linked: readonly LinkedCustomer[];
  onAdd: (customer: LinkedCustomer) => Promise<void>;
  onRemove: (customer: LinkedCustomer) => Promise<void>;
}

export function UserCustomersModal({ opened, onClose, linked, onAdd, onRemove }: UserCustomersModalProps) {
  const [chosen, setChosen] = useState<LocalCustomer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const customers = useLocalList('customers');
  const localNames = new Map((customers.loading ? [] : customers.rows).filter((c) => c.id !== null).map((c) => [c.id!, c.name]));

  const add = async () => {
    if (!chosen) return setError(USER_CUSTOMER_TEXTS.selectCustomer);
    if (chosen.id === null) return alertWarning(USER_CUSTOMER_TEXTS.notSynced);
    if (linked.some((customer) => customer.id === chosen.id)) return setError(USER_CUSTOMER_TEXTS.alreadyAdded);
    setBusy(true);
    try {
      await onAdd({ id: chosen.id, name: chosen.name });
      setChosen(null);
      setError(null);
      alertSuccess(USER_CUSTOMER_TEXTS.added);
    } catch (failure) {
      alertDanger(USER_TEXTS.saveCustomersFailed(errorMessage(failure)));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (customer: LinkedCustomer) => {
    setBusy(true);
    try {
      await onRemove(customer);
      alertSuccess(USER_CUSTOMER_TEXTS.removed);
    } catch (failure) {
      alertDanger(USER_CUSTOMER_TEXTS.removeFailed(errorMessage(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={USER_CUSTOMER_TEXTS.title} size="lg">
      <Stack gap="md">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <LocalRecordSelect
            resource="customers"
            style={{ flex: 1 }}
            aria-label={USER_CUSTOMER_TEXTS.placeholder}
            placeholder={USER_CUSTOMER_TEXTS.placeholder}
            value={{ key: chosen?.key ?? null, id: chosen?.id ?? null, name: chosen?.name ?? '' }}
            onChange={(customer) => {
              setChosen(customer);
              setError(null);
            }}
            error={error}
          />
          <Button onClick={() => void add()} loading={busy}>
            {USER_CUSTOMER_TEXTS.add}
          </Button>
        </Group>
        {linked.length === 0 ? (
          <Text c="dimmed" size="sm">
            {USER_CUSTOMER_TEXTS.empty}
          </Text>
        ) : (
          <Table striped>
            <Table.Tbody>
              {linked.map((customer) => (
                <Table.Tr key={customer.id} data-linked-customer={customer.id}>
                  <Table.Td>{localNames.get(customer.id) ?? customer.name}</Table.Td>
                  <Table.Td w={120}>
                    <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => void remove(customer)}>
                      {USER_CUSTOMER_TEXTS.remove}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {USER_CUSTOMER_TEXTS.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
