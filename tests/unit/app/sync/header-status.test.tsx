/**
 * The header's sync status follows the user's store live: Online or Offline
 * with the pending count, a badge for refused changes and one for
 * conflicts, and it leads to the sync page.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import type { OutboxEntry } from '@sync/store/types';
import { ConnectivityIndicator, describeSyncProblems } from '@/app/connectivity/connectivity-indicator';
import { openTestDb } from '../../sync/support';
import { renderInApp, SYNC_PAGE_MARKER } from './render-in-app';
import { setBrowserOnline } from '../../support/browser-online';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  // The engine found the server reachable on its last run.
  await writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null });
});
afterEach(async () => {
  setBrowserOnline(true);
  db.close();
  await db.delete();
});

async function setStatus(key: string, changes: Partial<OutboxEntry>) {
  const entry = (await db.outbox.where('key').equals(key).first())!;
  await db.outbox.put({ ...entry, ...changes });
}

const mainBadge = () => screen.getByTestId('connectivity');

describe('header sync status', () => {
  it('shows Online, then the pending count as changes are saved, live', async () => {
    await renderInApp(db, <ConnectivityIndicator />);
    await waitFor(() => expect(mainBadge()).toHaveTextContent(/^Online$/));

    await act(async () => {
      await saveRecord(db, 'costs', null, { name: 'Diária', price: 300 });
      await saveRecord(db, 'services', null, { name: 'Ruído', price: 900 });
    });

    await waitFor(() => expect(mainBadge()).toHaveTextContent('Online · 2 pendentes'));
    expect(screen.queryByTestId('sync-failed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sync-conflicts')).not.toBeInTheDocument();
  });

  it('shows Offline with the pending count when the browser loses the connection', async () => {
    await saveRecord(db, 'costs', null, { name: 'Diária', price: 300 });
    await renderInApp(db, <ConnectivityIndicator />);
    await waitFor(() => expect(mainBadge()).toHaveTextContent('Online · 1 pendente'));

    act(() => setBrowserOnline(false));

    await waitFor(() => expect(mainBadge()).toHaveTextContent('Offline · 1 pendente'));
  });

  it('shows Offline when the engine could not reach the server, even with the browser online', async () => {
    await writeMeta(db, META.engineState, { phase: 'offline', reachable: false, lastError: null });
    await renderInApp(db, <ConnectivityIndicator />);
    await waitFor(() => expect(mainBadge()).toHaveTextContent(/^Offline$/));
  });

  it('counts refused changes and conflicts apart from the pending ones', async () => {
    const keys: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) keys.push(await saveRecord(db, 'costs', null, { name, price: 1 }));
    await setStatus(keys[0]!, { status: 'failed', attempts: 1 });
    await setStatus(keys[1]!, { status: 'failed', attempts: 1 });
    await setStatus(keys[2]!, { status: 'conflict', attempts: 1, conflict: { current: {} } });
    await setStatus(keys[3]!, { status: 'in_flight', attempts: 1 });

    await renderInApp(db, <ConnectivityIndicator />);

    await waitFor(() => expect(mainBadge()).toHaveTextContent('Online · 2 pendentes'));
    expect(screen.getByTestId('sync-failed')).toHaveTextContent('2 com falha');
    expect(screen.getByTestId('sync-conflicts')).toHaveTextContent('1 conflito');
    expect(screen.getByTestId('sync-status')).toHaveAccessibleName('Sincronização: Online · 2 pendentes, 2 com falha, 1 conflito');

    // The user resolves: the badges go as the store changes.
    await act(async () => {
      await db.outbox.clear();
    });
    await waitFor(() => expect(mainBadge()).toHaveTextContent(/^Online$/));
    expect(screen.queryByTestId('sync-failed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sync-conflicts')).not.toBeInTheDocument();
  });

  it('leads to the sync page', async () => {
    const { router } = await renderInApp(db, <ConnectivityIndicator />);
    await waitFor(() => expect(mainBadge()).toHaveTextContent('Online'));
    fireEvent.click(screen.getByTestId('sync-status'));
    expect(await screen.findByText(SYNC_PAGE_MARKER)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sincronizacao');
  });
});

describe('describeSyncProblems', () => {
  it.each([
    [null, []],
    [{ pending: 3, failed: 0, conflicts: 0 }, []],
    [{ pending: 0, failed: 1, conflicts: 0 }, ['1 com falha']],
    [{ pending: 0, failed: 0, conflicts: 1 }, ['1 conflito']],
    [{ pending: 0, failed: 4, conflicts: 2 }, ['4 com falha', '2 conflitos']],
  ])('%j → %j', (report, labels) => {
    expect(describeSyncProblems(report).map((badge) => badge.label)).toEqual(labels);
  });
});
