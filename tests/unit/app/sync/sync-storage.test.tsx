/**
 * The 'Armazenamento do aparelho' card of the 'Sincronização' page over a
 * real local store, with the browser's StorageManager stubbed per test (and
 * restored after it): persistent storage granted, not granted (the button
 * asks the browser and says its answer), the browser without the API; the
 * quota used in Brazilian format, and the low-space warning near the quota.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { SyncPage } from '@/features/sync/sync-page';
import { useTestDb } from '../../sync/support';
import { renderInApp } from './render-in-app';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const LOW = 'Pouco espaço no aparelho: sincronize e libere espaço antes de tirar mais fotos.';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const original = Object.getOwnPropertyDescriptor(navigator, 'storage');
function stubStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
}
beforeEach(async () => {
  await writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null });
});
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'storage', original);
  else Reflect.deleteProperty(navigator, 'storage');
});

async function openCard(): Promise<HTMLElement> {
  await renderInApp(db, <SyncPage />, '/admin/sincronizacao');
  const card = await screen.findByRole('region', { name: 'Armazenamento do aparelho' });
  await within(card).findByTestId('storage-usage');
  return card;
}

describe('Armazenamento do aparelho', () => {
  it('says persistent storage was granted and how much of the quota is used', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({ persisted: async () => true, persist, estimate: async () => ({ usage: 123.4 * MB, quota: 2 * GB }) });
    const card = await openCard();
    expect(within(card).getByTestId('storage-persisted')).toHaveTextContent('Armazenamento persistente: concedido.');
    expect(within(card).getByTestId('storage-usage')).toHaveTextContent('Usado: 123,4 MB de 2,0 GB (6 %)');
    expect(within(card).queryByRole('button', { name: 'Pedir armazenamento persistente' })).toBeNull();
    expect(within(card).queryByText(LOW)).toBeNull();
    expect(persist).not.toHaveBeenCalled();
  });

  it.each([
    [true, 'O navegador concedeu o armazenamento persistente.', 'Armazenamento persistente: concedido.'],
    [false, 'O navegador não concedeu o armazenamento persistente.', 'Armazenamento persistente: não concedido.'],
  ])('when not granted, the 44 px button asks the browser (answer %s) and says the result', async (granted, answer, line) => {
    let persisted = false;
    const persist = vi.fn(async () => {
      persisted = granted;
      return granted;
    });
    stubStorage({ persisted: async () => persisted, persist, estimate: async () => ({ usage: 10 * MB, quota: 4 * GB }) });
    const card = await openCard();
    expect(within(card).getByTestId('storage-persisted')).toHaveTextContent('Armazenamento persistente: não concedido.');
    const button = within(card).getByRole('button', { name: 'Pedir armazenamento persistente' });
    // mih={44}: Mantine writes 44 px as rem at its scale (44 / 16 = 2.75).
    expect(button.style.minHeight).toBe('calc(2.75rem * var(--mantine-scale))');

    fireEvent.click(button);
    expect(await within(card).findByTestId('storage-persist-answer')).toHaveTextContent(answer);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(within(card).getByTestId('storage-persisted')).toHaveTextContent(line);
    if (granted) expect(within(card).queryByRole('button', { name: 'Pedir armazenamento persistente' })).toBeNull();
  });

  it('says plainly when the browser has no storage API', async () => {
    stubStorage(undefined);
    const card = await openCard();
    expect(within(card).getByTestId('storage-usage')).toHaveTextContent('Este navegador não informa o espaço usado.');
    expect(within(card).getByTestId('storage-persisted')).toHaveTextContent('Este navegador não informa se o armazenamento é persistente.');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says the space is unknown when the estimate fails or lacks a figure', async () => {
    stubStorage({ persisted: async () => true, estimate: async () => ({ usage: 5 * MB }) });
    const card = await openCard();
    expect(within(card).getByTestId('storage-usage')).toHaveTextContent('Este navegador não informa o espaço usado.');
  });

  it.each([
    ['near (85 %)', 0.85 * 4 * GB, 4 * GB, 'near'],
    ['full (20 MB free)', 180 * MB, 200 * MB, 'full'],
  ])('warns before photos fail when %s', async (_case, usage, quota, level) => {
    stubStorage({ persisted: async () => true, estimate: async () => ({ usage, quota }) });
    const card = await openCard();
    const warning = await within(card).findByTestId('low-storage-warning');
    expect(warning).toHaveTextContent(LOW);
    expect(warning.dataset.level).toBe(level);
  });

  it('re-reads the estimate each time the page opens, with no poll in between', async () => {
    const estimate = vi.fn(async () => ({ usage: 1 * GB, quota: 2 * GB }));
    stubStorage({ persisted: async () => true, estimate });
    const first = await renderInApp(db, <SyncPage />, '/admin/sincronizacao');
    await screen.findByText('Usado: 1,0 GB de 2,0 GB (50 %)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(estimate).toHaveBeenCalledTimes(1);
    first.unmount();

    estimate.mockImplementation(async () => ({ usage: 1.9 * GB, quota: 2 * GB }));
    await renderInApp(db, <SyncPage />, '/admin/sincronizacao');
    await screen.findByText('Usado: 1,9 GB de 2,0 GB (95 %)');
    await waitFor(() => expect(screen.getByTestId('low-storage-warning')).toBeInTheDocument());
    expect(estimate).toHaveBeenCalledTimes(2);
  });
});
