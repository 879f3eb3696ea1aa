/**
 * The equipment list's search is applied 400 ms after the last keystroke
 * (spec section 9: "Equipment search debounce 400 ms"), not the 800 ms of
 * the other lists. Timers fire in deadline order, so a pause shorter than
 * the delay always sees the search not yet applied, and a longer one sees
 * it applied, however busy the machine is.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { EquipmentListPage } from '@/features/equipment/equipment-list-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';

const routes: Record<string, RouteView> = {
  '/admin/equipamentos/lista/$page': ({ params, search }) => <EquipmentListPage page={Number(params.page)} search={search.busca} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('equipment search', () => {
  it('is applied 400 ms after the last keystroke', async () => {
    await saveRecord(db, 'equipment', null, { name: 'Luxímetro' });
    await saveRecord(db, 'equipment', null, { name: 'Dosímetro de ruído' });
    const app = await renderApp(db, routes, '/admin/equipamentos/lista/1');
    await screen.findByText('Luxímetro');
    const box = screen.getByPlaceholderText('Procurar por algo...');

    fireEvent.change(box, { target: { value: 'lux' } });
    await pause(250);
    expect(app.path()).toBe('/admin/equipamentos/lista/1');
    // Typing again starts the wait over.
    fireEvent.change(box, { target: { value: 'luxi' } });
    await pause(250);
    expect(app.path()).toBe('/admin/equipamentos/lista/1');
    await pause(300);
    await waitFor(() => expect(app.path()).toBe('/admin/equipamentos/lista/1?busca=luxi'), { timeout: 150 });
    await waitFor(() => expect(screen.queryByText('Dosímetro de ruído')).not.toBeInTheDocument());
    expect(screen.getByText('Luxímetro')).toBeInTheDocument();
  });
});
