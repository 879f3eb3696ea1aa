/**
 * A customer that has quotations cannot be deleted (issue 11): on the
 * device, Deletar in the list and on the customer's page answers with the
 * spec's 'Erro ao deletar cliente: {message}' naming the reason, and the
 * customer stays, with nothing queued for the server (which would answer
 * 409 with the same message: tests/server/quotations/quotations.test.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { CustomerEditPage } from '@/features/customers/customer-edit-page';
import { CustomerListPage } from '@/features/customers/customer-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';

const routes: Record<string, RouteView> = {
  '/admin/clientes/lista/$page': ({ params, search }) => <CustomerListPage page={Number(params.page)} search={search.busca} />,
  '/admin/clientes/$customerId': ({ params }) => <CustomerEditPage customerId={params.customerId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const REFUSED = `Erro ao deletar cliente: ${QUOTATION_MESSAGES.customerHasQuotations}`;

async function customerWithQuotation() {
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
  await saveRecord(db, 'quotations', null, { customer_key: customer, costs: [{ name: 'Deslocamento', quantity: 1, value: 90 }], total: 90 });
  return customer;
}

async function confirmDelete() {
  const confirm = await screen.findByRole('dialog', { name: 'Confirme exclusão de cliente' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
}

describe('deleting a customer that has quotations', () => {
  it('is refused in the list with the reason, and the customer stays', { timeout: 30_000 }, async () => {
    const customer = await customerWithQuotation();
    await renderApp(db, routes, '/admin/clientes/lista/1');
    const row = (await screen.findByText('Metalúrgica Alfa')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    await confirmDelete();
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(await db.records('customers').get(customer)).toBeDefined();
    expect((await db.outbox.toArray()).filter((entry) => entry.op === 'delete')).toEqual([]);
  });

  it("is refused on the customer's page with the reason, and the page stays", { timeout: 30_000 }, async () => {
    const customer = await customerWithQuotation();
    const app = await renderApp(db, routes, `/admin/clientes/${customer}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Deletar' }));
    await confirmDelete();
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(await db.records('customers').get(customer)).toBeDefined();
    expect(app.path()).toBe(`/admin/clientes/${customer}`);
  });
});
