/**
 * The quotations list on a real local store: the empty text, a quotation
 * made here shows 'Novo, aguardando sincronização' (never a number), the
 * customer links to the customer, the status filter, and the status
 * dropdown: open → pending asks whether it was sent (Sim/Não become
 * markAsSent), other changes go at once, each queued as a 'status' command
 * in the outbox (offline) and shown as pending.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { QuotationListPage } from '@/features/quotations';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';

const routes: Record<string, RouteView> = {
  '/admin/orcamentos/lista/$page': ({ params, search }) => <QuotationListPage page={Number(params.page)} search={search.busca} />,
  '/admin/orcamentos/$quotationId': () => <p>Página do orçamento</p>,
  '/admin/clientes/$customerId': ({ params }) => <p>Cliente {params.customerId}</p>,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

async function quotationFor(name: string) {
  const customer = await saveRecord(db, 'customers', null, { name, email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
  const key = await saveRecord(db, 'quotations', null, { customer_key: customer, rows: [{ name: 'Ruído', quantity: 2, value: 10 }], total: 20 });
  return { customer, key };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const commands = async () => (await db.outbox.toArray()).filter((entry) => entry.op === 'command');

describe('quotation list', () => {
  it('shows the empty text', async () => {
    await renderApp(db, routes, '/admin/orcamentos/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum orçamento.')).toBeInTheDocument();
  });

  it('shows no number for a quotation made here, the server number once it has one, and links the customer', async () => {
    const { customer, key } = await quotationFor('Metalúrgica Alfa');
    const app = await renderApp(db, routes, '/admin/orcamentos/lista/1');
    const row = await rowOf('Metalúrgica Alfa');
    expect(within(row).getByText('Novo, aguardando sincronização')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Status' })).toHaveValue('open');

    await db.records('quotations').update(key, { id: 12, reference_no: '12/2026', f_created_at: '20/11/2026' });
    expect(await within(row).findByText('12/2026')).toBeInTheDocument();
    expect(within(row).queryByText('Novo, aguardando sincronização')).not.toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();

    fireEvent.click(within(row).getByText('Metalúrgica Alfa'));
    await waitFor(() => expect(app.path()).toBe(`/admin/clientes/${customer}`));
  });

  it('open → pending asks first; Sim queues the command with markAsSent true, shown at once as pending', async () => {
    const { key } = await quotationFor('Metalúrgica Alfa');
    await renderApp(db, routes, '/admin/orcamentos/lista/1');
    const row = await rowOf('Metalúrgica Alfa');
    fireEvent.change(within(row).getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    expect(await screen.findByText('Deseja marcar esse orçamento como enviado para o cliente?')).toBeInTheDocument();
    expect(await commands()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));

    expect(await screen.findByText('Status do orçamento alterado com sucesso')).toBeInTheDocument();
    const [command] = await commands();
    expect(command).toMatchObject({ key, payload: { status: 'pending', markAsSent: true }, command: { name: 'status' } });
    await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Status' })).toHaveValue('pending'));
    expect(within(row).getByText('Aguardando sincronização')).toBeInTheDocument();
  });

  it('Não sends markAsSent false; other changes go at once without asking', async () => {
    await quotationFor('Metalúrgica Alfa');
    await renderApp(db, routes, '/admin/orcamentos/lista/1');
    const row = await rowOf('Metalúrgica Alfa');
    fireEvent.change(within(row).getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Não' }));
    await waitFor(async () => expect((await commands())[0]?.payload).toEqual({ status: 'pending', markAsSent: false }));

    await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Status' })).toHaveValue('pending'));
    fireEvent.change(within(row).getByRole('combobox', { name: 'Status' }), { target: { value: 'approved' } });
    await waitFor(async () => expect((await commands())[1]?.payload).toEqual({ status: 'approved' }));
    expect(screen.queryByText('Deseja marcar esse orçamento como enviado para o cliente?')).not.toBeInTheDocument();
  });

  it('searches by customer name', { timeout: 30_000 }, async () => {
    await quotationFor('Metalúrgica Alfa');
    await quotationFor('Padaria Beta');
    const app = await renderApp(db, routes, '/admin/orcamentos/lista/1');
    await screen.findByText('Padaria Beta');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Pesquisar' }), { target: { value: 'padaria' } });
    await waitFor(() => expect(screen.queryByText('Metalúrgica Alfa')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(screen.getByText('Padaria Beta')).toBeInTheDocument();
    expect(app.path()).toBe('/admin/orcamentos/lista/1?busca=padaria');
  });

  it('offers only the allowed changes (Concluído is final)', async () => {
    const { key } = await quotationFor('Metalúrgica Alfa');
    await db.records('quotations').update(key, { status: 'closed' });
    await renderApp(db, routes, '/admin/orcamentos/lista/1');
    const select = within(await rowOf('Metalúrgica Alfa')).getByRole('combobox', { name: 'Status' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Concluído']);
  });

  it('filters by status, back to page 1, and says when nothing matches', async () => {
    const first = await quotationFor('Metalúrgica Alfa');
    await quotationFor('Padaria Beta');
    await db.records('quotations').update(first.key, { status: 'approved' });
    const app = await renderApp(db, routes, '/admin/orcamentos/lista/1');
    await screen.findByText('Padaria Beta');
    const filter = screen.getByRole('combobox', { name: 'Filtro por status' });
    expect(filter.querySelector('option')?.textContent).toBe('Filtro por status');

    fireEvent.change(filter, { target: { value: 'approved' } });
    await waitFor(() => expect(screen.queryByText('Padaria Beta')).not.toBeInTheDocument());
    expect(screen.getByText('Metalúrgica Alfa')).toBeInTheDocument();
    expect(app.path()).toBe('/admin/orcamentos/lista/1');

    fireEvent.change(filter, { target: { value: 'canceled' } });
    expect(await screen.findByText('Não houve nenhum resultado.')).toBeInTheDocument();
  });
});
