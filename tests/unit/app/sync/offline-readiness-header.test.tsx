/**
 * The header's offline readiness (issue 26): under the connectivity badge,
 * 'Preparando uso offline… NN %' while the worker's first group or the
 * user's first sync is missing, then 'Pronto para uso offline'; nothing
 * without a service worker; the rest of the precache is asked for only
 * once the first sync ended. The worker is a fake that answers the page's
 * status question on the message's port, as src/app/pwa/sw/sw.ts does.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { ConnectivityIndicator } from '@/app/connectivity/connectivity-indicator';
import { READINESS_MESSAGES, type PrecacheStatus } from '@/app/offline-readiness/precache-protocol';
import { openTestDb } from '../../sync/support';
import { renderInApp } from './render-in-app';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null });
});
afterEach(async () => {
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
  db.close();
  await db.delete();
});

const half: PrecacheStatus = {
  first: { files: 4, cachedFiles: 2, bytes: 1000, cachedBytes: 500 },
  rest: { files: 2, cachedFiles: 0, bytes: 3000, cachedBytes: 0 },
};
const firstDone: PrecacheStatus = { ...half, first: { files: 4, cachedFiles: 4, bytes: 1000, cachedBytes: 1000 } };

/** A worker in control of the page whose precache is `status()`; records what the page asked. */
function installFakeWorker(status: () => PrecacheStatus) {
  const asked: string[] = [];
  const controller = {
    postMessage(message: { type: string }, ports?: MessagePort[]) {
      asked.push(message.type);
      if (message.type === READINESS_MESSAGES.status) ports?.[0]?.postMessage(status());
    },
  };
  const container = Object.assign(new EventTarget(), { controller, getRegistration: async () => ({ active: controller }) });
  Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: container });
  return asked;
}

const line = () => screen.queryByTestId('offline-readiness');

describe('offline readiness in the header', () => {
  it('shows the progress, then "Pronto para uso offline" once the first group is cached and the first sync ended', async () => {
    let current = half;
    const asked = installFakeWorker(() => current);
    await renderInApp(db, <ConnectivityIndicator />);

    // Half the first group (85 % of the progress) and no sync yet: 42 %.
    await waitFor(() => expect(line()).toHaveTextContent(/^Preparando uso offline… 42 %$/));
    expect(screen.getByTestId('sync-status')).toHaveAccessibleName(/Preparando uso offline… 42 %/);
    // The rest waits for the first sync, which has the link to itself meanwhile.
    expect(asked).toContain(READINESS_MESSAGES.status);
    expect(asked).not.toContain(READINESS_MESSAGES.warmUp);

    current = firstDone;
    await waitFor(() => expect(line()).toHaveTextContent('Preparando uso offline… 85 %'), { timeout: 3_000 });

    await act(() => writeMeta(db, META.lastSyncAt, '2026-11-29T12:00:00.000Z'));
    await waitFor(() => expect(line()).toHaveTextContent(/^Pronto para uso offline$/), { timeout: 3_000 });
    // The first sync ended: the worker in control is asked to fetch the rest.
    await waitFor(() => expect(asked).toContain(READINESS_MESSAGES.warmUp), { timeout: 3_000 });
    expect(line()).toHaveAttribute('data-ready', 'true');
    expect(screen.getByTestId('connectivity')).toHaveTextContent(/^Online$/);
  });

  it('is ready at once on a later visit, without showing the progress first', async () => {
    await writeMeta(db, META.lastSyncAt, '2026-11-29T12:00:00.000Z');
    installFakeWorker(() => ({ ...firstDone, rest: { files: 2, cachedFiles: 2, bytes: 3000, cachedBytes: 3000 } }));
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const text = line()?.textContent;
      if (text) seen.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await renderInApp(db, <ConnectivityIndicator />);

    await waitFor(() => expect(line()).toHaveTextContent('Pronto para uso offline'));
    observer.disconnect();
    expect(seen.every((text) => text === 'Pronto para uso offline')).toBe(true);
  });

  it('shows nothing when the browser has no service worker', async () => {
    await writeMeta(db, META.lastSyncAt, '2026-11-29T12:00:00.000Z');
    await renderInApp(db, <ConnectivityIndicator />);
    await waitFor(() => expect(screen.getByTestId('connectivity')).toHaveTextContent(/^Online$/));
    expect(line()).not.toBeInTheDocument();
  });
});
