/**
 * The agents screens on a real local store: the form (default type, CAS only
 * for the chemical type, validation messages, the add-type modal), save and
 * the redirect by local key, the equipment section once saved, and the list:
 * search and pagination over 25 local agents, both empty texts, delete with
 * confirmation (removed locally, a delete queued for a pushed agent).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { AgentEditPage } from '@/features/agents/agent-edit-page';
import { AgentListPage } from '@/features/agents/agent-list-page';
import { wireProduct } from '../sync/support';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';
import { pulled, pullProductTypes } from './server-records';

const routes: Record<string, RouteView> = {
  '/admin/agentes/lista/$page': ({ params, search }) => <AgentListPage page={Number(params.page)} search={search.busca} />,
  '/admin/agentes/novo': () => <AgentEditPage />,
  '/admin/agentes/$productId': ({ params }) => <AgentEditPage productId={params.productId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const typeBox = () => screen.getByRole('combobox', { name: 'Tipo' });

async function chooseType(name: string) {
  fireEvent.click(typeBox());
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('agent page', () => {
  it('marks the required fields (Nome, Tipo, Preço) and only those', async () => {
    await pullProductTypes(db);
    await renderApp(db, routes, '/admin/agentes/novo');
    expect(await screen.findByText('Agente / Adicionar')).toBeInTheDocument();
    const marked = (input: HTMLElement) => {
      const label = document.querySelector(`label[for="${input.id}"]`);
      return input.hasAttribute('required') && label?.textContent?.includes('*') === true;
    };
    expect([field('name')!, typeBox(), field('price')!].map(marked)).toEqual([true, true, true]);
    expect([field('code')!, field('method')!].map(marked)).toEqual([false, false]);
  });

  it('creates a chemical agent: CAS only for the chemical type, then the equipment section', { timeout: 30_000 }, async () => {
    const [, chemicalKey] = await pullProductTypes(db);
    const app = await renderApp(db, routes, '/admin/agentes/novo');
    expect(await screen.findByText('Agente / Adicionar')).toBeInTheDocument();
    // A new agent starts as 'Vibração' (type 1), which has no CAS.
    await waitFor(() => expect(typeBox()).toHaveValue('Vibração'));
    expect(field('cas')).toBeNull();
    expect(screen.queryByRole('button', { name: '+ Novo equipamento' })).not.toBeInTheDocument();

    await chooseType('Químico');
    expect(field('cas')).toHaveAttribute('placeholder', 'Ex: 50-00-0');
    fireEvent.change(field('name')!, { target: { value: 'Formaldeído' } });
    fireEvent.change(field('price')!, { target: { value: '320,00' } });
    fireEvent.change(field('code')!, { target: { value: 'Q-12' } });
    fireEvent.change(field('method')!, { target: { value: 'NIOSH 2016' } });
    fireEvent.change(field('cas')!, { target: { value: '50-00-0' } });
    fireEvent.change(field('ipvs')!, { target: { value: '20' } });
    fireEvent.change(field('respirator')!, { target: { value: 'PFF2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Produto salvo com sucesso')).toBeInTheDocument();
    const [agent] = await db.records('products').toArray();
    expect(agent).toMatchObject({
      name: 'Formaldeído',
      price: 320,
      type_key: chemicalKey,
      type_id: 2,
      code: 'Q-12',
      method: 'NIOSH 2016',
      cas: '50-00-0',
      ipvs: '20',
      respirator: 'PFF2',
      id: null,
    });
    await waitFor(() => expect(app.path()).toBe(`/admin/agentes/${agent!.key}`));
    expect(await screen.findByText('Agente / Editar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Novo equipamento' })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não tem nenhum item cadastrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo agente' })).toHaveAttribute('href', '/admin/agentes/novo');

    // Another type hides the CAS and saving clears it.
    await chooseType('Ruído');
    expect(field('cas')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await db.records('products').get(agent!.key))?.cas).toBeNull());
  });

  it('shows the validation messages and keeps what was typed', async () => {
    await renderApp(db, routes, '/admin/agentes/novo');
    await screen.findByText('Agente / Adicionar');
    fireEvent.change(field('price')!, { target: { value: 'doze' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    // No types on this device yet: nothing to start with.
    expect(screen.getByText('Tipo de produto é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Valor inválido')).toBeInTheDocument();
    expect(field('price')!.value).toBe('doze');

    fireEvent.change(field('price')!, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preço é obrigatório')).toBeInTheDocument();
    expect(await db.records('products').count()).toBe(0);
  });

  it('adds a type in its modal and selects it; a chemical name shows CAS before the server names it', async () => {
    await renderApp(db, routes, '/admin/agentes/novo');
    await screen.findByText('Agente / Adicionar');
    fireEvent.click(screen.getByRole('button', { name: 'Novo tipo' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar tipo' });
    expect(within(modal).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await within(modal).findByText('Nome é obrigatório')).toBeInTheDocument();
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Químico' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(typeBox()).toHaveValue('Químico'));
    expect(field('cas')).toHaveAttribute('placeholder', 'Ex: 50-00-0');
    const [type] = await db.records('product_types').toArray();
    expect(type).toMatchObject({ name: 'Químico', id: null, slug: null });
  });

  it('deletes an agent after confirmation and goes to the list', async () => {
    const [key] = await pulled(db, 'products', [wireProduct(9, { name: 'Tolueno' })]);
    const app = await renderApp(db, routes, '/admin/agentes/9');
    expect(await screen.findByDisplayValue('Tolueno')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar exclusão' });
    expect(within(dialog).getByText('Tem certeza que deseja excluir esse produto?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Produto deletado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/admin/agentes/lista/1'));
    expect(await screen.findByText('Ainda não tem nenhum produto cadastrado.')).toBeInTheDocument();
    // A pushed agent stays as a tombstone until its delete is sent.
    expect(await db.outbox.toArray()).toMatchObject([{ op: 'delete', resource: 'products', key }]);
  });
});

describe('agent list', () => {
  async function seed(count: number) {
    for (let index = 1; index <= count; index += 1) {
      await saveRecord(db, 'products', null, { name: `Agente ${index}`, price: index, type_id: 1 }, { now: () => Date.UTC(2026, 0, 1, 0, index) });
    }
  }

  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

  it('pages 25 local agents by ten, newest first, and searches back to page 1', { timeout: 30_000 }, async () => {
    await seed(25);
    const app = await renderApp(db, routes, '/admin/agentes/lista/2');
    expect(await screen.findByText('Mostrando 11 a 20 de 25 registros')).toBeInTheDocument();
    expect(names()).toEqual([
      'Agente 15',
      'Agente 14',
      'Agente 13',
      'Agente 12',
      'Agente 11',
      'Agente 10',
      'Agente 9',
      'Agente 8',
      'Agente 7',
      'Agente 6',
    ]);
    // Not pushed yet: the '#' column says so.
    expect(screen.getAllByText('Pendente')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Proximo' }));
    expect(await screen.findByText('Mostrando 21 a 25 de 25 registros')).toBeInTheDocument();
    expect(app.path()).toBe('/admin/agentes/lista/3');
    expect(screen.getByRole('button', { name: 'Proximo' })).toBeDisabled();

    fireEvent.change(screen.getByPlaceholderText('Procurar por algo...'), { target: { value: 'agente 1' } });
    // Applied after the 800 ms pause, from page 1: 'Agente 1' and 10 to 19.
    expect(await screen.findByText('Mostrando 1 a 10 de 11 registros', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(app.path()).toBe('/admin/agentes/lista/1?busca=agente+1');
    expect(names()[0]).toBe('Agente 19');

    fireEvent.change(screen.getByPlaceholderText('Procurar por algo...'), { target: { value: 'benzeno' } });
    expect(await screen.findByText('Não houve nenhum resultado.', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.queryByText('Ainda não tem nenhum produto cadastrado.')).not.toBeInTheDocument();
  });

  it('says when there is no agent at all, and shows type and price', async () => {
    await renderApp(db, routes, '/admin/agentes/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum produto cadastrado.')).toBeInTheDocument();
    await pullProductTypes(db);
    await pulled(db, 'products', [wireProduct(4, { name: 'Benzeno', price: 1234.5, type_id: 2 })]);
    const row = (await screen.findByText('Benzeno')).closest('tr')!;
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('Químico')).toBeInTheDocument();
    expect(within(row).getByText('R$ 1.234,50')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/admin/agentes/4');
  });
});
