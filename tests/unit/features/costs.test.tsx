/**
 * The costs screens on a real local store: create with validation at the
 * fields (nothing typed is lost), save → alert and the edit route by local
 * key, edit, the list with its empty text, and delete with confirmation
 * (removed locally; a pushed cost leaves a delete in the outbox).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { CostEditPage } from '@/features/costs/cost-edit-page';
import { CostListPage } from '@/features/costs/cost-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';

const routes: Record<string, RouteView> = {
  '/admin/custos/lista/$page': ({ params, search }) => <CostListPage page={Number(params.page)} search={search.busca} />,
  '/admin/custos/novo': () => <CostEditPage />,
  '/admin/custos/$costId': ({ params }) => <CostEditPage costId={params.costId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('cost page', () => {
  it('refuses bad input at the fields and keeps what was typed', async () => {
    await renderApp(db, routes, '/admin/custos/novo');
    expect(await screen.findByText('Custo / Adicionar')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Preço é obrigatório')).toBeInTheDocument();

    fireEvent.change(field('name'), { target: { value: 'Deslocamento' } });
    fireEvent.change(field('price'), { target: { value: '12,345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use no máximo duas casas decimais')).toBeInTheDocument();
    expect(field('name').value).toBe('Deslocamento');
    expect(field('price').value).toBe('12,345');
    expect(await db.records('costs').count()).toBe(0);
  });

  it('saves locally, alerts, opens the edit route by local key, and edits', async () => {
    const app = await renderApp(db, routes, '/admin/custos/novo');
    await screen.findByText('Custo / Adicionar');
    fireEvent.change(field('name'), { target: { value: 'Deslocamento' } });
    fireEvent.change(field('price'), { target: { value: '1.234,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Custo salvo com sucesso')).toBeInTheDocument();
    const [cost] = await db.records('costs').toArray();
    expect(cost).toMatchObject({ name: 'Deslocamento', price: 1234.5, id: null });
    await waitFor(() => expect(app.path()).toBe(`/admin/custos/${cost!.key}`));
    expect(await screen.findByText('Custo / Editar')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toBeInTheDocument();
    expect(field('price').value).toBe('1234,50');

    fireEvent.change(field('price'), { target: { value: '99.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await db.records('costs').get(cost!.key))?.price).toBe(99.9));
    // Never pushed: the create carries the edit, one outbox entry.
    expect(await db.outbox.count()).toBe(1);
  });

  it('opens by server id and says when the record is not on the device', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Hospedagem', price: 300 });
    await db.records('costs').update(key, { id: 42 });
    await renderApp(db, routes, '/admin/custos/42');
    expect(await screen.findByDisplayValue('Hospedagem')).toBeInTheDocument();
    expect(screen.queryByText('Pendente')).not.toBeInTheDocument();

    await closeTestDb(db);
    db = openTestDb();
    await renderApp(db, routes, '/admin/custos/7');
    expect(await screen.findByText('Registro não encontrado neste dispositivo.')).toBeInTheDocument();
  });
});

describe('sync state on the cost screens', () => {
  it('keeps a page opened by local key working after the server id arrives', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Pedágio', price: 12 });
    await renderApp(db, routes, `/admin/custos/${key}`);
    expect(await screen.findByDisplayValue('Pedágio')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toBeInTheDocument();
    // What the engine does when the create is answered.
    await db.records('costs').update(key, { id: 77, created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' });
    await waitFor(() => expect(screen.queryByText('Pendente')).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('Pedágio')).toBeInTheDocument();
  });

  it('marks a refused change in the list and on the page, linking to the sync page', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Pedágio', price: 12 });
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry!.seq!, { status: 'failed', error: { code: 'validation', message: 'Já existe um custo com esse nome.' } });
    const app = await renderApp(db, routes, '/admin/custos/lista/1');
    const row = (await screen.findByText('Pedágio')).closest('tr')!;
    fireEvent.click(await within(row).findByText('Falhou'));
    await waitFor(() => expect(app.path()).toBe('/admin/sincronizacao'));

    await app.router.navigate({ to: `/admin/custos/${key}` as never });
    expect(await screen.findByText('O servidor recusou uma alteração deste registro')).toBeInTheDocument();
    expect(screen.getByText('Já existe um custo com esse nome.')).toBeInTheDocument();
  });

  it('goes to the last page when the page asked for is past it', async () => {
    for (let index = 1; index <= 12; index += 1) await saveRecord(db, 'costs', null, { name: `Custo ${index}`, price: index });
    const app = await renderApp(db, routes, '/admin/custos/lista/5');
    await waitFor(() => expect(app.path()).toBe('/admin/custos/lista/2'));
    expect(await screen.findByText('Mostrando 11 a 12 de 12 registros')).toBeInTheDocument();
  });
});

describe('cost list', () => {
  it('shows the empty text, then the saved costs with money and the pending badge', async () => {
    await renderApp(db, routes, '/admin/custos/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum item cadastrado.')).toBeInTheDocument();
    expect(screen.getByText('Custos Ativos')).toBeInTheDocument();
    await saveRecord(db, 'costs', null, { name: 'Laudo', price: 1234.56 });
    expect(await screen.findByText('Laudo')).toBeInTheDocument();
    expect(screen.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toBeInTheDocument();
  });

  it('deletes after confirmation: the local record goes and a pushed one queues a delete', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Laudo', price: 10 });
    // As if pushed: server id, no pending entry.
    await db.records('costs').update(key, { id: 5, updated_at: '2026-11-20T10:00:00.000Z', created_at: '2026-11-20T10:00:00.000Z' });
    await db.outbox.clear();
    const app = await renderApp(db, routes, '/admin/custos/lista/1?busca=laudo');
    const row = (await screen.findByText('Laudo')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Tem certeza que deseja excluir esse custo?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('Custo deletado com sucesso')).toBeInTheDocument();
    // Page 1 of the same search, which now finds nothing.
    await waitFor(() => expect(app.path()).toBe('/admin/custos/lista/1?busca=laudo'));
    expect(await screen.findByText('Não houve nenhum resultado.')).toBeInTheDocument();
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'delete', key, resource: 'costs' });
  });
});
