/**
 * Another customer with the same CPF or CNPJ (issue 8): the customer page
 * and the 'Adicionar Cliente' modal warn as soon as a complete, valid
 * document already belongs to another customer on this device, and lead to
 * it (the page opens it in a new tab, the modal hands it back); the
 * customer's own document, a half-typed one or another type's never warn.
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalCustomer } from '@sync/store/registry/customer-records';
import { AddCustomerModal, customerWithDocument, documentToCheck } from '@/entities/customer';
import { CustomerEditPage } from '@/features/customers/customer-edit-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { pulled } from '../server-records';
import { wireCustomer } from './wire-records';

const CNPJ = '11222333000181';
const CPF = '52998224725';

describe('which document is checked', () => {
  it.each([
    ['corporate', '11.222.333/0001-81', CNPJ],
    ['corporate', '11.222.333/0001', null],
    ['corporate', '11.222.333/0001-82', null],
    ['individual', '529.982.247-25', CPF],
    ['individual', '', null],
  ] as const)('%s %j → %j', (type, masked, expected) => {
    expect(documentToCheck(type, masked)).toBe(expected);
  });

  it('finds another customer with it, never the one being edited', () => {
    const customer = (key: string, document: string | null) => ({ key, document }) as LocalCustomer;
    const rows = [customer('a', CNPJ), customer('b', CPF)];
    expect(customerWithDocument(rows, CNPJ, null)?.key).toBe('a');
    expect(customerWithDocument(rows, CNPJ, 'a')).toBeUndefined();
    expect(customerWithDocument([...rows, customer('c', CNPJ)], CNPJ, 'a')?.key).toBe('c');
    expect(customerWithDocument(rows, null, null)).toBeUndefined();
  });
});

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const routes: Record<string, RouteView> = {
  '/admin/clientes/novo': () => <CustomerEditPage />,
  '/admin/clientes/$customerId': ({ params }) => <CustomerEditPage customerId={params.customerId} />,
};
const field = (name: string, scope: HTMLElement = document.body) => scope.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the customer page', () => {
  it('warns about the CNPJ of another customer and opens it in a new tab', { timeout: 30_000 }, async () => {
    await pulled(db, 'customers', [
      wireCustomer(7, { name: 'Metalúrgica Alfa', document: CNPJ }),
      wireCustomer(8, { name: 'Química Beta', document: '45678912000155' }),
    ]);
    await renderApp(db, routes, '/admin/clientes/novo');
    await screen.findByRole('heading', { name: 'Cliente / Adicionar' });
    fireEvent.click(screen.getByRole('radio', { name: 'Pessoa jurídica' }));
    type(field('document'), '11.222.333/0001');
    type(field('name'), 'Outra Empresa');
    expect(screen.queryByText('Já existe um cliente com este CNPJ')).not.toBeInTheDocument();
    type(field('document'), '11.222.333/0001-81');
    expect(await screen.findByText('Já existe um cliente com este CNPJ')).toBeInTheDocument();
    expect(screen.getByText('Metalúrgica Alfa já está cadastrado com este documento.')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Abrir cliente existente' });
    expect(open).toHaveAttribute('href', '/admin/clientes/7');
    expect(open).toHaveAttribute('target', '_blank');
    // What was typed stays; the warning goes with the duplicate.
    type(field('document'), '45.678.912/0001-55');
    expect(await screen.findByText('Química Beta já está cadastrado com este documento.')).toBeInTheDocument();
    type(field('document'), '98.765.432/0001-98');
    await waitFor(() => expect(screen.queryByText(/já está cadastrado com este documento/)).not.toBeInTheDocument());
    expect(field('name').value).toBe('Outra Empresa');
  });

  it("does not warn about the customer's own document", async () => {
    await pulled(db, 'customers', [wireCustomer(7, { name: 'Metalúrgica Alfa', document: CNPJ })]);
    await renderApp(db, routes, '/admin/clientes/7');
    await waitFor(() => expect(field('document').value).toBe('11.222.333/0001-81'));
    type(field('name'), 'Metalúrgica Alfa Ltda');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Já existe um cliente com este CNPJ')).not.toBeInTheDocument();
  });
});

/** Stands in for the quotation form: opens the modal and shows the customer handed back. */
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

describe("'Adicionar Cliente'", () => {
  it('warns about the CPF of another customer and hands that customer back on request, saving nothing', { timeout: 30_000 }, async () => {
    const [existingKey] = await pulled(db, 'customers', [wireCustomer(9, { name: 'Maria da Silva', type: 'individual', document: CPF })]);
    await renderApp(db, { '/orcamento': () => <QuotationStandIn /> }, '/orcamento');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar novo cliente' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar Cliente' });
    type(field('document', modal), '529.982.247-25');
    expect(await within(modal).findByText('Já existe um cliente com este CPF')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: 'Usar este cliente' }));
    expect(await screen.findByText(`Cliente escolhido: Maria da Silva (${existingKey})`)).toBeInTheDocument();
    expect(await db.records('customers').count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
