/**
 * A record opened by its local key moves to its server id once synced: the
 * URL is replaced (no new history entry) and what is typed stays. The rule
 * itself is a table (routeParamToReplace); the pages use it through the
 * shared record route frame, shown here on the costs page. A server-id link
 * opened while the device's first sync runs waits for the record.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CostEditPage } from '@/features/costs/cost-edit-page';
import { saveRecord } from '@sync/engine/mutations';
import { routeParamToReplace } from '@sync/react/use-route-record';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { closeTestDb, openTestDb, renderApp, type RouteView } from './render-app';

const KEY = '0b7c9f2e-5d1a-4c3b-9e8f-123456789abc';

describe('routeParamToReplace', () => {
  it.each([
    ['local key, not synced yet', KEY, { key: KEY, id: null }, null],
    ['local key, synced', KEY, { key: KEY, id: 42 }, '42'],
    ['local key with spaces, synced', ` ${KEY} `, { key: KEY, id: 42 }, '42'],
    ['server id already', '42', { key: KEY, id: 42 }, null],
    ['another record (a stale answer) is never a reason to move', 'ffffffff-0000-4000-8000-000000000000', { key: KEY, id: 42 }, null],
    ['another id', '7', { key: KEY, id: 42 }, null],
  ])('%s', (_name, param, record, expected) => {
    expect(routeParamToReplace(param, record)).toBe(expected);
  });
});

const routes: Record<string, RouteView> = {
  '/admin/custos/lista/$page': () => <p>Lista</p>,
  '/admin/custos/novo': () => <CostEditPage />,
  '/admin/custos/$costId': ({ params }) => <CostEditPage costId={params.costId} />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('record page opened by its local key', () => {
  it('replaces the URL with the server id once the record is synced, keeping what is typed', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Hospedagem', price: 300 });
    const app = await renderApp(db, routes, '/admin/custos/lista/1');
    await app.router.navigate({ to: '/admin/custos/$costId', params: { costId: key } });
    expect(await screen.findByDisplayValue('Hospedagem')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toBeInTheDocument();
    const historyLength = app.router.history.length;

    fireEvent.change(field('name'), { target: { value: 'Hospedagem em hotel' } });
    // What the engine does once the create is pushed: the server id lands in the record.
    await db.records('costs').update(key, { id: 42 });

    await waitFor(() => expect(app.path()).toBe('/admin/custos/42'));
    expect(app.router.history.length).toBe(historyLength);
    await waitFor(() => expect(screen.queryByText('Pendente')).not.toBeInTheDocument());
    expect(field('name').value).toBe('Hospedagem em hotel');

    // Back leaves the record page: the local-key URL is not in the history any more.
    app.router.history.back();
    await waitFor(() => expect(app.path()).toBe('/admin/custos/lista/1'));
  });

  it('keeps the local key while the record is not synced', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Diária', price: 80 });
    const app = await renderApp(db, routes, `/admin/custos/${key}`);
    expect(await screen.findByDisplayValue('Diária')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.path()).toBe(`/admin/custos/${key}`);
  });
});

describe('record page opened by server id on a device still on its first sync', () => {
  it('waits for the first sync instead of saying the record is not here, then shows it', async () => {
    await writeMeta(db, META.engineState, { phase: 'pulling', reachable: true, lastError: null });
    await renderApp(db, routes, '/admin/custos/42');
    // Long after the local lookup answered: still waiting, never 'not found'.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    expect(screen.queryByText('Registro não encontrado neste dispositivo.')).not.toBeInTheDocument();

    // The pull writes the record.
    const key = await saveRecord(db, 'costs', null, { name: 'Hospedagem', price: 300 });
    await db.records('costs').update(key, { id: 42 });
    expect(await screen.findByDisplayValue('Hospedagem')).toBeInTheDocument();
  });

  it('says the record is not here once a sync has completed', async () => {
    await writeMeta(db, META.engineState, { phase: 'pulling', reachable: true, lastError: null });
    await writeMeta(db, META.lastSyncAt, '2026-11-25T10:00:00.000Z');
    await renderApp(db, routes, '/admin/custos/42');
    expect(await screen.findByText('Registro não encontrado neste dispositivo.')).toBeInTheDocument();
  });
});
