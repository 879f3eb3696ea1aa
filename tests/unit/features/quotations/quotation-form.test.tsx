/**
 * The quotation page on a real local store, offline (nothing is pushed):
 * one blank row per list, removing the last row leaves a blank one, the
 * agent fills its price and equipment, totals follow the quantities, the
 * percentage discount is capped at 100, the discount's message as it is
 * typed, the delivery date from start and duration, Salvar's messages, and a save that
 * references a customer made in 'Adicionar novo cliente' before either is
 * synced. Duplicar and Deletar on the device. The ID column of services,
 * costs and equipment numbers the lines (issue 24), never by catalog id.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { QuotationEditPage, QuotationListPage } from '@/features/quotations';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';

const routes: Record<string, RouteView> = {
  '/admin/orcamentos/lista/$page': ({ params, search }) => <QuotationListPage page={Number(params.page)} search={search.busca} />,
  '/admin/orcamentos/novo': () => <QuotationEditPage sellerName="Ana Souza" />,
  '/admin/orcamentos/$quotationId': ({ params }) => <QuotationEditPage quotationId={params.quotationId} sellerName="Ana Souza" />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const byLabel = (label: string) => screen.getByRole('textbox', { name: label });
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: option.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function seedAgent() {
  const equipment = await saveRecord(db, 'equipment', null, { name: 'Dosímetro' });
  const agent = await saveRecord(db, 'products', null, { name: 'Ruído contínuo', price: 150.5, type_id: 1 });
  await saveRecord(db, 'product_equipments', null, { product_key: agent, equipment_key: equipment, quantity: 2 });
  return agent;
}

describe('quotation form', () => {
  it('opens with one blank row per table, the defaults and the seller; removing the last row leaves a blank one', { timeout: 30_000 }, async () => {
    await renderApp(db, routes, '/admin/orcamentos/novo');
    expect(await screen.findByText('Orçamento / Adicionar')).toBeInTheDocument();
    for (const table of ['Agentes', 'Serviços', 'Outros custos', 'Equipamentos', 'Prazos']) {
      expect(within(screen.getByRole('region', { name: table })).getAllByRole('button', { name: 'Remover linha' })).toHaveLength(1);
    }
    expect(screen.getByDisplayValue('Pagamento em 30 dias')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Ana Souza')).toHaveAttribute('readonly');
    expect(screen.getByText('Rascunho')).toBeInTheDocument();

    const costs = screen.getByRole('region', { name: 'Outros custos' });
    fireEvent.change(within(costs).getByRole('textbox', { name: 'Outros custos: Descrição 1' }), { target: { value: 'Hospedagem' } });
    fireEvent.click(within(costs).getByRole('button', { name: 'Adicionar linha' }));
    expect(within(costs).getAllByRole('button', { name: 'Remover linha' })).toHaveLength(2);
    // Add shows on the last row only.
    expect(within(costs).getAllByRole('button', { name: 'Adicionar linha' })).toHaveLength(1);
    fireEvent.click(within(costs).getAllByRole('button', { name: 'Remover linha' })[0]!);
    fireEvent.click(within(costs).getByRole('button', { name: 'Remover linha' }));
    expect(within(costs).getByRole('textbox', { name: 'Outros custos: Descrição 1' })).toHaveValue('');
  });

  it('refuses Salvar without a customer or anything to total, and saves nothing', { timeout: 30_000 }, async () => {
    await renderApp(db, routes, '/admin/orcamentos/novo');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cliente é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Total é obrigatório')).toBeInTheDocument();
    expect(await db.records('quotations').count()).toBe(0);
  });

  it('the agent fills price and equipment; totals follow quantity, discount (capped at 100) and instalments', { timeout: 30_000 }, async () => {
    await seedAgent();
    await renderApp(db, routes, '/admin/orcamentos/novo');
    await screen.findByText('Orçamento / Adicionar');
    await choose('Agente 1', 'Ruído contínuo');
    await waitFor(() => expect(byLabel('Valor un. 1')).toHaveValue('150,50'));
    expect(text('rows-total-0')).toBe('R$ 150,50');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Equipamento 1' })).toHaveValue('Dosímetro'));
    expect(byLabel('Equipamento: Qtd. 1')).toHaveValue('2');
    expect(byLabel('Qtd. 1')).toHaveAttribute('inputmode', 'decimal');

    fireEvent.change(byLabel('Qtd. 1'), { target: { value: '3' } });
    expect(text('rows-total-0')).toBe('R$ 451,50');
    expect(text('quotation-subtotal')).toBe('R$ 451,50');

    fireEvent.change(byLabel('Desconto'), { target: { value: '150' } });
    expect(byLabel('Desconto')).toHaveValue('100');
    expect(text('quotation-total')).toBe('R$ 0,00');
    fireEvent.change(byLabel('Desconto'), { target: { value: '10' } });
    expect(text('quotation-total')).toBe('R$ 406,35');
    fireEvent.change(byLabel('Parcelas'), { target: { value: '3' } });
    expect(text('quotation-parcel-value')).toBe('R$ 135,45');

    fireEvent.change(byLabel('Parcelas'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O número mínimo de parcelas é 1')).toBeInTheDocument();
  });

  it('says what is wrong with the discount as it is typed, and Salvar keeps it out', { timeout: 30_000 }, async () => {
    const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
    const key = await saveRecord(db, 'quotations', null, {
      customer_key: customer,
      costs: [{ name: 'Deslocamento', quantity: 2, value: 100 }],
      total: 200,
    });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    await screen.findByText('Orçamento / Editar');
    const discount = byLabel('Desconto');
    fireEvent.change(discount, { target: { value: 'abc' } });
    expect(await screen.findByText('Desconto inválido')).toBeInTheDocument();
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'R$' }));
    fireEvent.change(discount, { target: { value: '250' } });
    expect(await screen.findByText('Desconto não pode ser maior que o subtotal')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Orçamento salvo com sucesso')).not.toBeInTheDocument();
    expect((await db.records('quotations').get(key))?.discount).toBeNull();
    fireEvent.change(discount, { target: { value: '50' } });
    expect(screen.queryByText('Desconto não pode ser maior que o subtotal')).not.toBeInTheDocument();
    expect(text('quotation-total')).toBe('R$ 150,00');
  });

  it('shows the delivery date from the start and the duration, and saves both', { timeout: 30_000 }, async () => {
    const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
    const key = await saveRecord(db, 'quotations', null, {
      customer_key: customer,
      costs: [{ name: 'Deslocamento', quantity: 1, value: 100 }],
      total: 100,
    });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    await screen.findByText('Orçamento / Editar');
    expect(text('quotation-delivery-date')).toBe('—');
    fireEvent.change(byLabel('Início dos serviços'), { target: { value: '20122026' } });
    fireEvent.change(byLabel('Prazo de entrega (dias)'), { target: { value: '15' } });
    expect(text('quotation-delivery-date')).toBe('04/01/2027');
    expect(byLabel('Prazo de entrega (dias)')).toHaveAttribute('inputmode', 'numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Orçamento salvo com sucesso')).toBeInTheDocument();
    expect(await db.records('quotations').get(key)).toMatchObject({ delivery_date: '2027-01-04', duration_time: 15 });
  });

  it('saves offline a quotation that references a customer made in the modal, and opens its edit route', { timeout: 30_000 }, async () => {
    await seedAgent();
    const app = await renderApp(db, routes, '/admin/orcamentos/novo');
    await screen.findByText('Orçamento / Adicionar');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar novo cliente' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar Cliente' });
    const input = (name: string) => modal.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    fireEvent.change(input('name'), { target: { value: 'Padaria Beta' } });
    fireEvent.change(input('email'), { target: { value: 'contato@beta.com.br' } });
    fireEvent.change(input('phone'), { target: { value: '1133224455' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Padaria Beta'));

    await choose('Agente 1', 'Ruído contínuo');
    await waitFor(() => expect(byLabel('Valor un. 1')).toHaveValue('150,50'));
    fireEvent.change(byLabel('Qtd. 1'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Orçamento salvo com sucesso')).toBeInTheDocument();
    const [customer] = await db.records('customers').toArray();
    const [quotation] = await db.records('quotations').toArray();
    expect(customer).toMatchObject({ name: 'Padaria Beta', id: null });
    expect(quotation).toMatchObject({
      id: null,
      customer_key: customer!.key,
      customer_name: 'Padaria Beta',
      status: 'open',
      total: 301,
      rows: [expect.objectContaining({ name: 'Ruído contínuo', quantity: 2, value: 150.5, total: 301 })],
      equipments: [expect.objectContaining({ name: 'Dosímetro', quantity: 2 })],
      services: [],
      costs: [],
    });
    await waitFor(() => expect(app.path()).toBe(`/admin/orcamentos/${quotation!.key}`));
    expect(await screen.findByText('Orçamento / Editar')).toBeInTheDocument();
    expect(screen.getByText('Novo, aguardando sincronização')).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((entry) => [entry.resource, entry.op])).toEqual(
      expect.arrayContaining([
        ['customers', 'create'],
        ['quotations', 'create'],
      ]),
    );
  });

  it('offers the service address only when the customer has more than one, and saves the one chosen', { timeout: 30_000 }, async () => {
    const one = await saveRecord(db, 'customers', null, { name: 'Padaria Beta', email: 'b@beta.com.br', phone: '1133224455' });
    await saveRecord(db, 'customer_addresses', null, {
      customer_key: one,
      label: 'Matriz',
      zipcode: '01310100',
      street: 'Rua A',
      number: '1',
      city: 'São Paulo',
      state: 'SP',
    });
    const two = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
    await saveRecord(db, 'customer_addresses', null, {
      customer_key: two,
      label: 'Matriz',
      zipcode: '01310100',
      street: 'Rua B',
      number: '2',
      city: 'São Paulo',
      state: 'SP',
    });
    const plant = await saveRecord(db, 'customer_addresses', null, {
      customer_key: two,
      label: 'Fábrica',
      zipcode: '13010000',
      street: 'Rua C',
      number: '3',
      city: 'Campinas',
      state: 'SP',
    });
    await renderApp(db, routes, '/admin/orcamentos/novo');
    await screen.findByText('Orçamento / Adicionar');

    await choose('Cliente', 'Padaria Beta');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Padaria Beta'));
    expect(screen.queryByRole('combobox', { name: 'Endereço de execução' })).not.toBeInTheDocument();

    await choose('Cliente', 'Metalúrgica Alfa');
    const address = await screen.findByRole('combobox', { name: 'Endereço de execução' });
    fireEvent.change(address, { target: { value: plant } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Outros custos: Descrição 1' }), { target: { value: 'Deslocamento' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Outros custos: Valor un. 1' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Orçamento salvo com sucesso')).toBeInTheDocument();
    const [quotation] = await db.records('quotations').toArray();
    expect(quotation).toMatchObject({
      customer_key: two,
      service_address_key: plant,
      total: 90,
      costs: [expect.objectContaining({ name: 'Deslocamento', value: 90 })],
    });
  });

  it('numbers the lines 1, 2, 3 in the ID column of services, other costs and equipment, not by catalog id', { timeout: 30_000 }, async () => {
    const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
    const key = await saveRecord(db, 'quotations', null, {
      customer_key: customer,
      services: [
        { product_id: 6, name: 'Avaliação de ruído', quantity: 1, value: 850 },
        { product_id: null, name: 'Visita extra', quantity: 1, value: 100 },
      ],
      costs: [
        { product_id: null, name: 'Pedágio', quantity: 1, value: 20 },
        { product_id: 9, name: 'Deslocamento', quantity: 1, value: 180 },
      ],
      equipments: [
        { equipment_id: 5, name: 'Dosímetro', quantity: 2 },
        { equipment_id: 2, name: 'Calibrador', quantity: 1 },
      ],
      total: 1150,
    });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    await screen.findByText('Orçamento / Editar');
    const idColumn = (table: string) =>
      within(screen.getByRole('region', { name: table }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(idColumn('Serviços')).toEqual(['1', '2']);
    expect(idColumn('Outros custos')).toEqual(['1', '2']);
    expect(idColumn('Equipamentos')).toEqual(['1', '2']);
  });

  it('Duplicar makes a copy on the device and opens it; Deletar asks first', { timeout: 30_000 }, async () => {
    const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
    const key = await saveRecord(db, 'quotations', null, {
      customer_key: customer,
      rows: [{ row_id: 'linha-calor', name: 'Calor', quantity: 1, value: 80 }],
      deadlines: [{ row_id: 'prazo-1', activity: 'Campo' }],
      total: 80,
    });
    const app = await renderApp(db, routes, `/admin/orcamentos/${key}`);
    expect(await screen.findByText('Orçamento / Editar')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Orçamento duplicado com sucesso')).toBeInTheDocument();
    await waitFor(async () => expect(await db.records('quotations').count()).toBe(2));
    const copy = (await db.records('quotations').toArray()).find((record) => record.key !== key)!;
    expect(copy).toMatchObject({ customer_key: customer, total: 80, status: 'open', rows: [expect.objectContaining({ name: 'Calor' })] });
    // The copy's lines are new lines: new ids.
    const [row] = copy.rows as Array<{ row_id: string }>;
    const [deadline] = copy.deadlines as Array<{ row_id: string }>;
    expect(row!.row_id).toMatch(/^[0-9a-f]{24}$/);
    expect(deadline!.row_id).toMatch(/^[0-9a-f]{24}$/);
    await waitFor(() => expect(app.path()).toBe(`/admin/orcamentos/${copy.key}`));

    fireEvent.click(await screen.findByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirme exclusão de orçamento' });
    expect(within(dialog).getByText('Tem certeza que deseja excluir esse orçamento?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Orçamento deletado com sucesso')).toBeInTheDocument();
    await waitFor(async () => expect(await db.records('quotations').count()).toBe(1));
    await waitFor(() => expect(app.path()).toBe('/admin/orcamentos/lista/1'));
  });
});
