/**
 * The equipment screens: a new equipment with a category created in the
 * 'Nova Categoria' modal, the expiry date typed as DD/MM/YYYY, stored as
 * YYYY-MM-DD and shown back the same, a refused impossible date that keeps
 * what was typed, the expired-calibration warnings, the list's columns and
 * the delete confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { EquipmentEditPage } from '@/features/equipment/equipment-edit-page';
import { EquipmentListPage } from '@/features/equipment/equipment-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';

const routes: Record<string, RouteView> = {
  '/admin/equipamentos/lista/$page': ({ params, search }) => <EquipmentListPage page={Number(params.page)} search={search.busca} />,
  '/admin/equipamentos/novo': () => <EquipmentEditPage />,
  '/admin/equipamentos/$equipmentId': ({ params }) => <EquipmentEditPage equipmentId={params.equipmentId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('equipment page', () => {
  it('creates an equipment with a new category and a DD/MM/YYYY expiry date', { timeout: 30_000 }, async () => {
    const app = await renderApp(db, routes, '/admin/equipamentos/novo');
    expect(await screen.findByText('Equipamentos / Adicionar')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Nova categoria' }));
    const modal = await screen.findByRole('dialog', { name: 'Nova Categoria' });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Nome' }), { target: { value: '   ' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await within(modal).findByText('O nome da categoria é obrigatório.')).toBeInTheDocument();
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Dosímetros' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Categoria criada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Dosímetros'));

    fireEvent.change(field('name'), { target: { value: 'Dosímetro de ruído' } });
    fireEvent.change(field('serial_number'), { target: { value: 'SN-778' } });
    fireEvent.change(field('calibration_certificate'), { target: { value: 'RBC-2026/114' } });
    // Typed as digits, masked as DD/MM/YYYY; an impossible day is refused and kept.
    fireEvent.change(field('expiration_date'), { target: { value: '31022030' } });
    expect(field('expiration_date').value).toBe('31/02/2030');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(field('expiration_date').value).toBe('31/02/2030');
    expect(field('name').value).toBe('Dosímetro de ruído');
    expect(await db.records('equipment').count()).toBe(0);

    fireEvent.change(field('expiration_date'), { target: { value: '15/03/2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Equipamento salvo com sucesso')).toBeInTheDocument();

    const [category] = await db.records('equipment_categories').toArray();
    const [equipment] = await db.records('equipment').toArray();
    expect(equipment).toMatchObject({
      name: 'Dosímetro de ruído',
      serial_number: 'SN-778',
      calibration_certificate: 'RBC-2026/114',
      expiration_date: '2030-03-15',
      category_key: category!.key,
    });
    // Both creates wait in the outbox; the equipment's is sent after its category's.
    expect((await db.outbox.toArray()).map((entry) => entry.resource)).toEqual(['equipment_categories', 'equipment']);

    await waitFor(() => expect(app.path()).toBe(`/admin/equipamentos/${equipment!.key}`));
    expect(await screen.findByText('Equipamentos / Editar')).toBeInTheDocument();
    expect(field('expiration_date').value).toBe('15/03/2030');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Dosímetros'));
  });

  it('renames the selected category in the Editar Categoria modal', { timeout: 20_000 }, async () => {
    const categoryKey = await saveRecord(db, 'equipment_categories', null, { name: 'Bombas' });
    const key = await saveRecord(db, 'equipment', null, { name: 'Bomba de amostragem', category_key: categoryKey });
    await renderApp(db, routes, `/admin/equipamentos/${key}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Bombas'));
    fireEvent.click(screen.getByRole('button', { name: 'Editar categoria' }));
    const modal = await screen.findByRole('dialog', { name: 'Editar Categoria' });
    expect(within(modal).getByRole('textbox', { name: 'Nome' })).toHaveValue('Bombas');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Bombas de amostragem' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Categoria atualizada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Bombas de amostragem'));
    expect((await db.records('equipment_categories').get(categoryKey))?.name).toBe('Bombas de amostragem');
  });

  it('warns that an expired instrument must not go to the field', async () => {
    const key = await saveRecord(db, 'equipment', null, { name: 'Calibrador acústico', expiration_date: '2021-06-30' });
    await renderApp(db, routes, `/admin/equipamentos/${key}`);
    expect(await screen.findByText('Calibração vencida')).toBeInTheDocument();
    expect(field('expiration_date').value).toBe('30/06/2021');
  });
});

describe('equipment list', () => {
  it('shows the columns, the category, the expiry date and the expired badge', async () => {
    const categoryKey = await saveRecord(db, 'equipment_categories', null, { name: 'Calibradores' });
    await saveRecord(db, 'equipment', null, {
      name: 'Calibrador acústico',
      serial_number: 'CA-1',
      category_key: categoryKey,
      expiration_date: '2021-06-30',
    });
    await saveRecord(db, 'equipment', null, { name: 'Termômetro de globo', expiration_date: '2099-01-01' });
    await renderApp(db, routes, '/admin/equipamentos/lista/1');
    const row = (await screen.findByText('Calibrador acústico')).closest('tr')!;
    for (const header of ['#', 'Nome', 'Número de Série', 'Categoria', 'Data de Validade', 'Opções']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(row).getByText('CA-1')).toBeInTheDocument();
    expect(within(row).getByText('Calibradores')).toBeInTheDocument();
    expect(within(row).getByText('30/06/2021')).toBeInTheDocument();
    expect(within(row).getByText('Vencido')).toBeInTheDocument();
    const other = screen.getByText('Termômetro de globo').closest('tr')!;
    expect(within(other).getByText('01/01/2099')).toBeInTheDocument();
    expect(within(other).queryByText('Vencido')).not.toBeInTheDocument();
  });

  it('shows its empty text and deletes after the equipment confirmation', async () => {
    const app = await renderApp(db, routes, '/admin/equipamentos/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum equipamento.')).toBeInTheDocument();
    const key = await saveRecord(db, 'equipment', null, { name: 'Luxímetro' });
    const row = (await screen.findByText('Luxímetro')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirme exclusão do Equipamento' });
    expect(within(dialog).getByText('Tem certeza que deseja excluir esse equipamento?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Equipamento deletado com sucesso')).toBeInTheDocument();
    expect(await screen.findByText('Ainda não tem nenhum equipamento.')).toBeInTheDocument();
    // Never pushed: the delete cancels the create, nothing is left to send.
    expect(await db.records('equipment').get(key)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(app.path()).toBe('/admin/equipamentos/lista/1');
  });
});
