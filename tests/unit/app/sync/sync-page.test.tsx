/**
 * The 'Sincronização' page over a real local store (fake-indexeddb): it
 * lists conflicts, refused and waiting changes with resource, record name,
 * operation, attempts, error and next try; discard first says what will be
 * lost and only then removes the change; a conflict shows both versions
 * field by field and each choice goes through to the store; retry and
 * 'Sincronizar agora' reach the engine's counters.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { deleteRecord, saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { readRecord } from '@sync/store/queries';
import type { OutboxEntry, RecordFields } from '@sync/store/types';
import { SyncPage } from '@/features/sync/sync-page';
import { at, openTestDb, wireCategory, wireEquipment } from '../../sync/support';
import { renderInApp } from './render-in-app';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function pulled(resource: string, wires: RecordFields[]): Promise<string[]> {
  return db.write(async (store) => applyServerRecords(store, store.registry.get(resource), wires, await keysWithEntries(store)));
}
const entryOf = async (key: string) => (await db.outbox.where('key').equals(key).first())!;
async function setEntry(key: string, changes: Partial<OutboxEntry>) {
  await db.outbox.put({ ...(await entryOf(key)), ...changes });
}
const cost = (id: number, name: string, price: number, updated = 0) => ({
  id,
  name,
  slug: name.toLowerCase(),
  price,
  created_at: at(0),
  updated_at: at(updated),
});

async function openPage() {
  const rendered = await renderInApp(db, <SyncPage />, '/admin/sincronizacao');
  await screen.findByRole('heading', { name: 'Sincronização', level: 2 });
  await screen.findByRole('button', { name: 'Sincronizar agora' }); // loaded
  return rendered;
}

async function cardOf(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByTestId('sync-change-title');
  const match = titles.find((element) => element.textContent === title);
  if (!match) throw new Error(`no change titled ${title}: ${titles.map((element) => element.textContent).join(', ')}`);
  return match.closest<HTMLElement>('[data-testid="sync-change"]')!;
}
const section = (name: string) => screen.getByRole('region', { name });

describe('SyncPage', () => {
  it('says all is synced, with the last successful sync in Brasília time', async () => {
    await writeMeta(db, META.lastSyncAt, '2026-11-20T13:05:00.000Z');
    await openPage();
    expect(await screen.findByText('Tudo sincronizado.')).toBeInTheDocument();
    expect(screen.getByTestId('last-sync')).toHaveTextContent('Última sincronização: 20/11/2026 10:05');
    expect(screen.getByRole('button', { name: 'Sincronizar agora' })).toBeInTheDocument();
  });

  it('says when this device never synced', async () => {
    await openPage();
    expect(await screen.findByTestId('last-sync')).toHaveTextContent('Ainda não sincronizado neste aparelho');
  });

  it('lists conflicts, refused and waiting changes with what the user needs to know', async () => {
    const [categoryKey] = await pulled('equipment_categories', [wireCategory(5, 'Ruído')]);
    const [equipmentKey] = await pulled('equipment', [wireEquipment(9, { name: 'Dosímetro', category_id: 5 })]);
    const [costKey] = await pulled('costs', [cost(1, 'Diária', 300)]);
    const newCategory = await saveRecord(db, 'equipment_categories', null, { name: 'Poeira' });
    await saveRecord(db, 'equipment', null, { name: 'Bomba de amostragem', category_key: newCategory });
    await saveRecord(db, 'equipment', equipmentKey!, { serial_number: 'B2' });
    await saveRecord(db, 'costs', costKey!, { price: 350 });
    await deleteRecord(db, 'equipment_categories', categoryKey!);
    const retryAt = Date.parse('2026-11-20T13:07:00.000Z');
    await setEntry(newCategory, {
      attempts: 2,
      next_attempt_at: retryAt,
      error: { code: 'server', message: 'O servidor não conseguiu processar a alteração.' },
    });
    await setEntry(equipmentKey!, {
      status: 'failed',
      attempts: 1,
      error: { code: 'validation', message: 'Dados inválidos', fields: { serial_number: ['Número de Série já existe'] } },
    });
    await setEntry(costKey!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária técnica', 400, 30) } });

    await openPage();

    expect(section('Conflitos')).toContainElement(await cardOf('Diária'));
    const failed = section('Recusadas pelo servidor');
    const failedCard = within(failed).getByTestId('sync-change');
    expect(failedCard).toHaveTextContent('Equipamento');
    expect(failedCard).toHaveTextContent('Dosímetro');
    expect(failedCard).toHaveTextContent('Alteração');
    expect(failedCard).toHaveTextContent('Falhou');
    expect(failedCard).toHaveTextContent('Tentativas: 1');
    expect(failedCard).toHaveTextContent('Dados inválidos');
    expect(failedCard).toHaveTextContent('Número de Série já existe');

    const waiting = section('Aguardando envio');
    const category = await cardOf('Poeira');
    expect(waiting).toContainElement(category);
    expect(category).toHaveTextContent('Categoria');
    expect(category).toHaveTextContent('Criação');
    expect(category).toHaveTextContent('Tentativas: 2');
    expect(category).toHaveTextContent('Próxima tentativa: 20/11/2026 10:07');
    expect(category).toHaveTextContent('O servidor não conseguiu processar a alteração.');
    const equipment = await cardOf('Bomba de amostragem');
    expect(equipment).toHaveTextContent('Aguardando o envio de Categoria "Poeira".');
    expect(equipment).toHaveTextContent('Equipamento');
    const removed = await cardOf('Ruído');
    expect(removed).toHaveTextContent('Exclusão');
    expect(within(removed).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
    expect(within(removed).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tudo sincronizado.')).not.toBeInTheDocument();
  });

  it('asks before discarding, says what will be lost, and discards only on confirmation', async () => {
    const [categoryKey] = await pulled('equipment_categories', [wireCategory(5, 'Ruído')]);
    const [equipmentKey] = await pulled('equipment', [
      wireEquipment(9, { name: 'Dosímetro', serial_number: 'A1', category_id: 5, expiration_date: '2027-03-31' }),
    ]);
    await saveRecord(db, 'equipment', equipmentKey!, { serial_number: 'B2', expiration_date: '2028-01-15' });
    await openPage();
    const card = await cardOf('Dosímetro');

    fireEvent.click(within(card).getByRole('button', { name: 'Descartar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar alteração' });
    expect(dialog).toHaveTextContent('As alterações em "Dosímetro" (Equipamento) serão perdidas (Número de Série, Data de Validade)');
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['CampoValor que será perdidoVolta a ser', 'Número de SérieB2A1', 'Data de Validade15/01/202831/03/2027']);

    // Cancelling keeps everything.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.outbox.count()).toBe(1);
    expect(await readRecord(db, 'equipment', equipmentKey!)).toMatchObject({ serial_number: 'B2' });

    fireEvent.click(within(card).getByRole('button', { name: 'Descartar' }));
    const again = await screen.findByRole('dialog', { name: 'Descartar alteração' });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Descartar' }));
    });

    expect(await screen.findByText('Alteração descartada.')).toBeInTheDocument();
    expect(await screen.findByText('Tudo sincronizado.')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    expect(await readRecord(db, 'equipment', equipmentKey!)).toMatchObject({
      serial_number: 'A1',
      expiration_date: '2027-03-31',
      category_key: categoryKey,
    });
  });

  it('says a never-sent record will be deleted from the device when its creation is discarded', async () => {
    const key = await saveRecord(db, 'services', null, { name: 'Avaliação de ruído', price: 900 });
    await openPage();
    fireEvent.click(within(await cardOf('Avaliação de ruído')).getByRole('button', { name: 'Descartar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar alteração' });
    expect(dialog).toHaveTextContent('O novo registro "Avaliação de ruído" (Serviço) será apagado deste dispositivo e não será enviado ao servidor.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    });
    await screen.findByText('Tudo sincronizado.');
    expect(await db.records('services').get(key)).toBeUndefined();
  });

  describe('a conflict', () => {
    async function conflicted() {
      const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
      await saveRecord(db, 'costs', key!, { price: 350 });
      await setEntry(key!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária técnica', 400, 30) } });
      await openPage();
      return { key: key!, card: await cardOf('Diária') };
    }

    it('shows only the fields changed on both sides, mine and the server’s side by side', async () => {
      const { card } = await conflicted();
      const table = within(card).getByTestId('conflict-versions');
      const rows = within(table).getAllByRole('row');
      // The name changed only on the server: it merges without asking.
      expect(rows.map((row) => row.textContent)).toEqual(['CampoMinha versãoVersão do servidor', 'PreçoR$ 350,00R$ 400,00']);
      expect(rows.slice(1).every((row) => row.getAttribute('data-differs') === 'true')).toBe(true);
      expect(within(card).queryByRole('button', { name: 'Descartar' })).not.toBeInTheDocument();
    });

    it('"Manter a minha" sends my version again against the server’s', async () => {
      const { key, card } = await conflicted();
      await act(async () => {
        fireEvent.click(within(card).getByRole('button', { name: 'Manter a minha' }));
      });
      expect(await screen.findByText('Sua versão será enviada ao servidor.')).toBeInTheDocument();
      expect(await entryOf(key)).toMatchObject({ status: 'pending', conflict: null, payload: { name: 'Diária técnica', price: 350 } });
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária técnica', price: 350, updated_at: at(30) });
      await waitFor(() => expect(section('Aguardando envio')).toHaveTextContent('Diária'));
      expect(screen.queryByRole('region', { name: 'Conflitos' })).not.toBeInTheDocument();
    });

    it('"Usar a do servidor" takes the server’s version and drops mine', async () => {
      const { key, card } = await conflicted();
      await act(async () => {
        fireEvent.click(within(card).getByRole('button', { name: 'Usar a do servidor' }));
      });
      expect(await screen.findByText('A versão do servidor foi aplicada neste aparelho.')).toBeInTheDocument();
      expect(await screen.findByText('Tudo sincronizado.')).toBeInTheDocument();
      expect(await db.outbox.count()).toBe(0);
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária técnica', price: 400 });
    });
  });

  describe('a conflict on several fields', () => {
    async function bothChanged() {
      const [key] = await pulled('costs', [cost(1, 'Diária', 300)]);
      await saveRecord(db, 'costs', key!, { name: 'Diária minha', price: 350 });
      await setEntry(key!, { status: 'conflict', attempts: 1, conflict: { current: cost(1, 'Diária deles', 400, 30) } });
      await openPage();
      return { key: key!, card: await cardOf('Diária minha') };
    }

    it('lets the user choose per field, and applies only once every field is chosen', async () => {
      const { key, card } = await bothChanged();
      const table = within(card).getByTestId('conflict-versions');
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['CampoMinha versãoVersão do servidor', 'NomeDiária minhaDiária deles', 'PreçoR$ 350,00R$ 400,00']);
      const apply = within(card).getByRole('button', { name: 'Aplicar escolhas' });
      expect(apply).toBeDisabled();
      fireEvent.click(within(card).getByRole('radio', { name: 'Versão do servidor: Nome' }));
      expect(within(card).getByRole('radio', { name: 'Versão do servidor: Nome' })).toBeChecked();
      expect(apply).toBeDisabled();
      fireEvent.click(within(card).getByRole('radio', { name: 'Minha versão: Preço' }));
      expect(apply).toBeEnabled();
      await act(async () => {
        fireEvent.click(apply);
      });
      expect(await screen.findByText('Suas escolhas foram aplicadas.')).toBeInTheDocument();
      expect(await entryOf(key)).toMatchObject({ status: 'pending', conflict: null, payload: { name: 'Diária deles', price: 350 } });
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária deles', price: 350, updated_at: at(30) });
      await waitFor(() => expect(section('Aguardando envio')).toHaveTextContent('Diária deles'));
    });

    it('"Usar a do servidor" takes the server’s value of every field listed', async () => {
      const { key, card } = await bothChanged();
      await act(async () => {
        fireEvent.click(within(card).getByRole('button', { name: 'Usar a do servidor' }));
      });
      expect(await screen.findByText('Tudo sincronizado.')).toBeInTheDocument();
      expect(await db.records('costs').get(key)).toMatchObject({ name: 'Diária deles', price: 400 });
    });
  });

  it('retries a refused change and asks the engine to sync now', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Pedágio', price: 12.5 });
    await setEntry(key, { status: 'failed', attempts: 1, error: { code: 'validation', message: 'Nome já existe' } });
    await openPage();
    const card = await cardOf('Pedágio');

    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Tentar novamente' }));
    });
    await waitFor(async () => expect(await entryOf(key)).toMatchObject({ status: 'pending', attempts: 0, error: null }));
    expect((await db.meta.get(META.syncRequest))?.value).toBe(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sincronizar agora' }));
    });
    await waitFor(async () => expect((await db.meta.get(META.syncRequest))?.value).toBe(2));
  });
});
