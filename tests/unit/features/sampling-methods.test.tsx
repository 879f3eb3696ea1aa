/**
 * The sampling-method screens, wired on a real local store: a new method
 * refused with the contract's messages at the fields (required code and
 * institution, a minimum flow above the maximum), then saved with numbers
 * typed with a comma and chemical agents picked by name (only chemical
 * agents the server knows are offered; one created here is announced as
 * pending), shown back the same; an agent id this device does not know
 * kept as 'Agente #id'; the list's columns and the delete confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { SamplingMethodEditPage } from '@/features/sampling-methods/sampling-method-edit-page';
import { SamplingMethodListPage } from '@/features/sampling-methods/sampling-method-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';
import { AT, pulled, pullProductTypes } from './server-records';

const routes: Record<string, RouteView> = {
  '/admin/metodos/lista/$page': ({ params, search }) => <SamplingMethodListPage page={Number(params.page)} search={search.busca} />,
  '/admin/metodos/novo': () => <SamplingMethodEditPage />,
  '/admin/metodos/$methodId': ({ params }) => <SamplingMethodEditPage methodId={params.methodId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** Replaces a field's text in one input event (typing key by key re-renders the whole form per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(text);
}

const agent = (id: number, name: string, type_id: number, cas: string | null = null) => ({
  id,
  name,
  slug: null,
  price: 100,
  type_id,
  type: null,
  code: null,
  method: null,
  cas,
  action_in_body: null,
  notion_skin: null,
  ipvs: null,
  odor_limit: null,
  respirator: null,
  display_name: null,
  unit_type: null,
  equipments: [],
  created_at: AT,
  updated_at: AT,
});

async function pullAgents() {
  await pullProductTypes(db);
  await pulled(db, 'products', [agent(11, 'Tolueno', 2, '108-88-3'), agent(12, 'Benzeno', 2, '71-43-2'), agent(13, 'Ruído contínuo', 3)]);
}

describe('sampling method page', () => {
  it('refuses with the contract messages, then saves a method with comma decimals and its agents', { timeout: 30_000 }, async () => {
    await pullAgents();
    const typeKey = (await db.records('product_types').where('id').equals(2).first())!.key;
    await saveRecord(db, 'products', null, { name: 'Estireno', price: 1, type_key: typeKey });
    const user = userEvent.setup({ delay: null });
    const app = await renderApp(db, routes, '/admin/metodos/novo');
    expect(await screen.findByText('Métodos de amostragem / Adicionar')).toBeInTheDocument();
    expect(await screen.findByText('Agentes criados neste dispositivo aparecem aqui depois de sincronizados.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Código é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Instituição é obrigatória')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Instituição' }));
    await user.click(await screen.findByRole('option', { name: 'NIOSH' }));
    await fill(user, 'code', '1501');
    await fill(user, 'description', 'Hidrocarbonetos aromáticos');
    await fill(user, 'sampler', 'Tubo de carvão ativo');
    await fill(user, 'flow_min', '0,3');
    await fill(user, 'flow_max', '0,2');
    await fill(user, 'volume_min', '2');
    await fill(user, 'volume_max', '30');
    await fill(user, 'holding_days', '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A vazão mínima não pode ser maior que a máxima.')).toBeInTheDocument();
    expect(await db.records('sampling_methods').count()).toBe(0);

    await fill(user, 'flow_min', '0,01');
    await user.click(screen.getByRole('combobox', { name: 'Agentes químicos' }));
    const listbox = await screen.findByRole('listbox');
    // Only chemical agents the server knows, by name with their CAS.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Benzeno (71-43-2)', 'Tolueno (108-88-3)']);
    await user.click(within(listbox).getByRole('option', { name: 'Tolueno (108-88-3)' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Método de amostragem salvo com sucesso')).toBeInTheDocument();

    const [method] = await db.records('sampling_methods').toArray();
    expect(method).toMatchObject({
      code: '1501',
      institution: 'niosh',
      description: 'Hidrocarbonetos aromáticos',
      sampler: 'Tubo de carvão ativo',
      flow_min: 0.01,
      flow_max: 0.2,
      volume_min: 2,
      volume_max: 30,
      holding_days: 30,
      storage_temperature: null,
      agent_ids: [11],
    });
    expect((await db.outbox.toArray()).filter((entry) => entry.resource === 'sampling_methods').map((entry) => entry.op)).toEqual(['create']);

    await waitFor(() => expect(app.path()).toBe(`/admin/metodos/${method!.key}`));
    expect(await screen.findByText('Métodos de amostragem / Editar')).toBeInTheDocument();
    expect(field('flow_min').value).toBe('0,01');
    expect(field('flow_max').value).toBe('0,2');
    expect(await screen.findByText('Tolueno (108-88-3)')).toBeInTheDocument();
  });

  it('keeps an agent this device does not know as Agente #id', async () => {
    await pullAgents();
    const key = await saveRecord(db, 'sampling_methods', null, { code: '7300', institution: 'niosh', agent_ids: [12, 99] });
    await renderApp(db, routes, `/admin/metodos/${key}`);
    expect(await screen.findByText('Benzeno (71-43-2)')).toBeInTheDocument();
    expect(screen.getByText('Agente #99')).toBeInTheDocument();
  });
});

describe('sampling method list', () => {
  it('shows each method with its ranges, holding time and agents, and deletes after confirmation', { timeout: 20_000 }, async () => {
    await pullAgents();
    const user = userEvent.setup({ delay: null });
    await saveRecord(db, 'sampling_methods', null, {
      code: '1501',
      institution: 'niosh',
      description: 'Hidrocarbonetos aromáticos',
      sampler: 'Tubo de carvão ativo',
      flow_min: 0.01,
      flow_max: 0.2,
      volume_min: 2,
      volume_max: 30,
      holding_days: 30,
      agent_ids: [11, 12],
    });
    await saveRecord(db, 'sampling_methods', null, { code: 'TO-15', institution: 'other', flow_min: 1 });
    const app = await renderApp(db, routes, '/admin/metodos/lista/1');
    const row = (await screen.findByText('NIOSH 1501')).closest('tr')!;
    for (const header of ['#', 'Método', 'Amostrador', 'Vazão (L/min)', 'Volume (L)', 'Prazo', 'Agentes', 'Opções']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(row).getByText('Hidrocarbonetos aromáticos')).toBeInTheDocument();
    expect(within(row).getByText('0,01–0,2')).toBeInTheDocument();
    expect(within(row).getByText('2–30')).toBeInTheDocument();
    expect(within(row).getByText('30 dias')).toBeInTheDocument();
    expect(within(row).getByText('Tolueno, Benzeno')).toBeInTheDocument();
    const other = screen.getByText('TO-15').closest('tr')!;
    expect(within(other).getByText('≥ 1')).toBeInTheDocument();
    expect(within(other).getByText('Sem prazo')).toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirme exclusão do método de amostragem' });
    expect(within(dialog).getByText('Tem certeza que deseja excluir esse método de amostragem?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Método de amostragem deletado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('TO-15')).not.toBeInTheDocument());
    expect(await db.records('sampling_methods').count()).toBe(1);
    expect(app.path()).toBe('/admin/metodos/lista/1');
  });
});
