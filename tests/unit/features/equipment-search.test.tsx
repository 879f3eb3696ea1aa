/**
 * The equipment list's search is applied 400 ms after the last keystroke
 * (spec section 9: "Equipment search debounce 400 ms"), not the 800 ms of
 * the other lists. The debounce runs on fake timers (setTimeout only: the
 * store keeps its own), so the test checks the very millisecond.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
afterEach(async () => {
  vi.useRealTimers();
  await closeTestDb(db);
});

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe('equipment search', () => {
  it('is applied 400 ms after the last keystroke', async () => {
    await saveRecord(db, 'equipment', null, { name: 'Luxímetro' });
    await saveRecord(db, 'equipment', null, { name: 'Dosímetro de ruído' });
    const app = await renderApp(db, routes, '/admin/equipamentos/lista/1');
    await screen.findByText('Luxímetro');
    const box = screen.getByPlaceholderText('Procurar por algo...');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'lux' } });
    await advance(250);
    expect(app.path()).toBe('/admin/equipamentos/lista/1');
    // Typing again starts the wait over: 399 ms later (649 after the first key) nothing yet, at 400 the search.
    fireEvent.change(box, { target: { value: 'luxi' } });
    await advance(399);
    expect(app.path()).toBe('/admin/equipamentos/lista/1');
    await advance(1);
    expect(app.path()).toBe('/admin/equipamentos/lista/1?busca=luxi');
    // Whatever the list scheduled meanwhile runs before the real timers come back.
    await act(async () => {
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('Dosímetro de ruído')).not.toBeInTheDocument());
    expect(screen.getByText('Luxímetro')).toBeInTheDocument();
  });
});
