/**
 * 'Adicionar Cliente' (src/entities/customer), as a quotation form will use
 * it: opened from a link, the customer form with its messages, Salvar
 * keeps the customer on the device (offline too) and hands its local key
 * back; each opening starts empty.
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { AddCustomerModal } from '@/entities/customer';
import { closeTestDb, openTestDb, renderApp } from '../render-app';

/** Stands in for the quotation form: a link that opens the modal and shows the chosen customer. */
function QuotationStandIn() {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Adicionar novo cliente</Button>
      {chosen ? <Text>Cliente escolhido: {chosen}</Text> : null}
      <AddCustomerModal
        opened={opened}
        onClose={() => setOpened(false)}
        onSaved={(key, fields) => {
          setChosen(`${fields.name} (${key})`);
          setOpened(false);
        }}
      />
    </>
  );
}

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

describe('AddCustomerModal', () => {
  it('validates, saves the customer on the device and hands it back; a new opening starts empty', { timeout: 30_000 }, async () => {
    await renderApp(db, { '/orcamento': () => <QuotationStandIn /> }, '/orcamento');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar novo cliente' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar Cliente' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await within(modal).findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(within(modal).getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(within(modal).getByText('Telefone é obrigatório')).toBeInTheDocument();
    expect(await db.records('customers').count()).toBe(0);

    fireEvent.click(within(modal).getByRole('radio', { name: 'Pessoa jurídica' }));
    const input = (name: string) => modal.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    fireEvent.change(input('name'), { target: { value: 'construtora pedra forte' } });
    fireEvent.change(input('email'), { target: { value: 'obras@pedraforte.com.br' } });
    fireEvent.change(input('phone'), { target: { value: '3133334444' } });
    fireEvent.change(input('document'), { target: { value: '11222333000181' } });
    fireEvent.change(input('contact_name'), { target: { value: 'Carlos Lima' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Cliente salvo com sucesso')).toBeInTheDocument();
    const [customer] = await db.records('customers').toArray();
    expect(customer).toMatchObject({
      name: 'Construtora Pedra Forte',
      type: 'corporate',
      document: '11222333000181',
      phone: '3133334444',
      contact: { name: 'Carlos Lima', email: null, phone: null },
      id: null,
    });
    expect(await screen.findByText(`Cliente escolhido: Construtora Pedra Forte (${customer!.key})`)).toBeInTheDocument();
    expect(await db.outbox.where('key').equals(customer!.key).count()).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar Cliente' })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar novo cliente' }));
    const again = await screen.findByRole('dialog', { name: 'Adicionar Cliente' });
    expect(again.querySelector<HTMLInputElement>('[name="name"]')!.value).toBe('');
  });
});
