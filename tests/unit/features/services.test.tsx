/**
 * The services screens: create (Nome and Preço), then the equipment list
 * that appears after the first save: add lines in the modal (equipment
 * required, no duplicates, whole quantities), edit the quantity, remove with
 * confirmation. Every write lands in the local store with its outbox entry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { ServiceEditPage } from '@/features/services/service-edit-page';
import { ServiceListPage } from '@/features/services/service-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';

const routes: Record<string, RouteView> = {
  '/admin/servicos/lista/$page': ({ params, search }) => <ServiceListPage page={Number(params.page)} search={search.busca} />,
  '/admin/servicos/novo': () => <ServiceEditPage />,
  '/admin/servicos/$serviceId': ({ params }) => <ServiceEditPage serviceId={params.serviceId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

async function pickOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('service page', () => {
  it('shows the equipment list only after the first save', async () => {
    const app = await renderApp(db, routes, '/admin/servicos/novo');
    expect(await screen.findByText('Serviço / Adicionar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Novo equipamento' })).not.toBeInTheDocument();

    fireEvent.change(field('name'), { target: { value: 'Avaliação de ruído' } });
    fireEvent.change(field('price'), { target: { value: '850' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Serviço salvo com sucesso')).toBeInTheDocument();
    const [service] = await db.records('services').toArray();
    await waitFor(() => expect(app.path()).toBe(`/admin/servicos/${service!.key}`));
    expect(await screen.findByRole('button', { name: '+ Novo equipamento' })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não tem nenhum item cadastrado.')).toBeInTheDocument();
  });

  it('adds, edits and removes equipment lines', { timeout: 30_000 }, async () => {
    await saveRecord(db, 'equipment', null, { name: 'Dosímetro', serial_number: 'D-1' });
    const calibrator = await saveRecord(db, 'equipment', null, { name: 'Calibrador', expiration_date: '2020-01-31' });
    const serviceKey = await saveRecord(db, 'services', null, { name: 'Avaliação de ruído', price: 850 });
    await renderApp(db, routes, `/admin/servicos/${serviceKey}`);
    fireEvent.click(await screen.findByRole('button', { name: '+ Novo equipamento' }));

    const dialog = await screen.findByRole('dialog', { name: 'Adicionar equipamento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Selecione um equipamento')).toBeInTheDocument();

    // The expired calibrator is flagged in the picker.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Equipamento' }));
    expect(await screen.findByRole('option', { name: 'Calibrador · vencido' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Dosímetro (nº D-1)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantidade' }), { target: { value: '1,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Quantidade deve ser um número inteiro maior que zero')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantidade' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const table = await screen.findByRole('table', { name: 'Equipamentos' });
    expect(within(table).getByText('Dosímetro')).toBeInTheDocument();
    const [line] = await db.records('service_equipments').toArray();
    expect(line).toMatchObject({ service_key: serviceKey, quantity: 2, name: 'Dosímetro' });

    // The same equipment twice is refused.
    fireEvent.click(screen.getByRole('button', { name: '+ Novo equipamento' }));
    const second = await screen.findByRole('dialog', { name: 'Adicionar equipamento' });
    await pickOption('Equipamento', 'Dosímetro (nº D-1)');
    fireEvent.click(within(second).getByRole('button', { name: 'Salvar' }));
    expect(await within(second).findByText('Equipamento já foi adicionado')).toBeInTheDocument();
    await pickOption('Equipamento', 'Calibrador · vencido');
    fireEvent.click(within(second).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list follows the store live: the new line may show a moment after the dialog closes.
    const calibratorRow = (await within(table).findByText('Calibrador')).closest('tr')!;
    expect(within(calibratorRow).getByText('Vencido')).toBeInTheDocument();

    // Edit the quantity of the first line.
    const dosimeterRow = within(table).getByText('Dosímetro').closest('tr')!;
    fireEvent.click(within(dosimeterRow).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar equipamento' });
    expect(within(edit).getByRole('textbox', { name: 'Quantidade' })).toHaveValue('2');
    fireEvent.change(within(edit).getByRole('textbox', { name: 'Quantidade' }), { target: { value: '3' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await db.records('service_equipments').get(line!.key))?.quantity).toBe(3));

    // Remove the calibrator after confirmation.
    fireEvent.click(within(calibratorRow).getByRole('button', { name: 'Remover' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(table).queryByText('Calibrador')).not.toBeInTheDocument());
    const lines = await db.records('service_equipments').toArray();
    expect(lines.map((item) => item.equipment_key)).toEqual([line!.equipment_key]);
    expect(calibrator).not.toBe(line!.equipment_key);
  });
});

describe('service list', () => {
  it('has its card, new button and the services as rows', async () => {
    await saveRecord(db, 'services', null, { name: 'Avaliação de calor', price: 1500 });
    await renderApp(db, routes, '/admin/servicos/lista/1');
    expect(await screen.findByText('Serviço Ativos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo serviço' })).toHaveAttribute('href', '/admin/servicos/novo');
    expect(await screen.findByText('Avaliação de calor')).toBeInTheDocument();
    expect(screen.getByText('R$ 1.500,00')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Procurar por algo...')).toBeInTheDocument();
  });
});
