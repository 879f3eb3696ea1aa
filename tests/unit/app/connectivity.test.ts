/**
 * @vitest-environment jsdom
 *
 * The connectivity store follows the browser's online/offline events and
 * carries what a sync engine reports; the badge text follows both.
 */
import { describe, expect, it } from 'vitest';
import { describeConnectivity } from '@/app/connectivity/connectivity-indicator';
import { createConnectivityStore } from '@/app/connectivity/connectivity-store';

describe('createConnectivityStore', () => {
  it('follows online and offline events and sync reports', () => {
    const store = createConnectivityStore(window);
    let changes = 0;
    store.subscribe(() => changes++);

    window.dispatchEvent(new Event('offline'));
    expect(store.getState().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(store.getState().online).toBe(true);
    store.reportSync({ pending: 2, failed: 0 });
    expect(store.getState().sync).toEqual({ pending: 2, failed: 0 });
    expect(changes).toBe(3);

    store.dispose();
    window.dispatchEvent(new Event('offline'));
    expect(store.getState().online).toBe(true);
  });
});

describe('describeConnectivity', () => {
  it.each([
    [{ online: true, sync: null }, 'Online', 'green'],
    [{ online: false, sync: null }, 'Offline', 'gray'],
    [{ online: false, sync: { pending: 1, failed: 0 } }, 'Offline · 1 pendente', 'gray'],
    [{ online: false, sync: { pending: 3, failed: 1 } }, 'Offline · 3 pendentes', 'gray'],
    [{ online: true, sync: { pending: 4, failed: 0 } }, 'Online · 4 pendentes', 'yellow'],
    // Failures and conflicts have badges of their own (describeSyncProblems).
    [{ online: true, sync: { pending: 4, failed: 2 } }, 'Online · 4 pendentes', 'yellow'],
    [{ online: true, sync: { pending: 0, failed: 0 } }, 'Online', 'green'],
  ])('%j → %s', (state, label, color) => {
    expect(describeConnectivity(state)).toMatchObject({ label, color });
  });
});
