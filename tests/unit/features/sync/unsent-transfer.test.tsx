/**
 * 'Dados não enviados' on the sync page and in the sign-out warning, over
 * real local stores (fake-indexeddb): 'Exportar dados não enviados'
 * downloads one JSON file named after the user and the time, with the
 * device's changes, or says there is nothing to export; 'Importar dados'
 * takes such a file into this device's queue and says what it added, and a
 * refused file says why and changes nothing. The sentences are tables.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import { UNSENT_MESSAGES, type TransferUser } from '@sync/engine/unsent-format';
import { SESSION_STORAGE_KEYS } from '@sync/session/session-storage';
import type { SyncDatabase } from '@sync/store/database';
import { createAppRuntime } from '@/app/runtime';
import { useSignOutGuard } from '@/app/sync/sign-out-guard';
import { SyncPage } from '@/features/sync/sync-page';
import { describeCounts, exportedMessage, importedMessage, TRANSFER_TEXTS } from '@/features/sync/transfer-texts';
import { renderRoutes } from '../../support/render';
import { makeUser } from '../../session/user-factory';
import { openTestDb } from '../../sync/support';
import { renderInApp } from '../../app/sync/render-in-app';

const MARIA: TransferUser = { id: 7, username: 'maria', name: 'Maria Técnica', isAdmin: false };

let db: SyncDatabase;
let other: SyncDatabase;
let downloads: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  db = openTestDb();
  other = openTestDb();
  downloads = [];
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:dados';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: last! });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  for (const store of [db, other]) {
    store.close();
    await store.delete();
  }
});

const outcome = () => screen.findByTestId('unsent-transfer-outcome');

async function openPage(user: TransferUser = MARIA) {
  await renderInApp(db, <SyncPage user={user} />, '/admin/sincronizacao');
  return within(await screen.findByRole('region', { name: 'Dados não enviados' }));
}

async function chooseFile(content: string) {
  const input = screen.getByTestId('unsent-import-input') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([content], 'dados.json', { type: 'application/json' })] } });
  });
}

describe('the sentences', () => {
  it.each([
    [{ changes: 3, files: 1, drafts: 1 }, '3 alterações, 1 foto ou arquivo e 1 rascunho'],
    [{ changes: 1, files: 0, drafts: 2 }, '1 alteração e 2 rascunhos'],
    [{ changes: 0, files: 4, drafts: 0 }, '4 fotos ou arquivos'],
    [{ changes: 0, files: 0, drafts: 0 }, 'nenhum dado'],
  ])('%o → %s', (counts, text) => {
    expect(describeCounts(counts)).toBe(text);
  });

  it.each([
    [
      { imported: { changes: 2, files: 1, drafts: 0 }, alreadyHere: 0 },
      'Dados importados: 2 alterações e 1 foto ou arquivo. Serão enviados ao servidor na próxima sincronização.',
    ],
    [
      { imported: { changes: 1, files: 0, drafts: 0 }, alreadyHere: 3 },
      'Dados importados: 1 alteração. Serão enviados ao servidor na próxima sincronização. 3 alterações do arquivo já estavam neste aparelho.',
    ],
    [{ imported: { changes: 0, files: 0, drafts: 0 }, alreadyHere: 2 }, TRANSFER_TEXTS.nothingNew],
  ])('import %o → %s', (result, text) => {
    expect(importedMessage(result)).toBe(text);
  });

  it('names the file it wrote', () => {
    expect(exportedMessage('dados.json', { changes: 1, files: 0, drafts: 0 })).toBe(
      'Arquivo dados.json gerado com 1 alteração. Guarde-o até que os dados cheguem ao servidor.',
    );
  });
});

describe("'Exportar dados não enviados'", () => {
  it('says there is nothing to export, and downloads nothing, on a device with nothing unsent', async () => {
    const card = await openPage();
    fireEvent.click(card.getByRole('button', { name: 'Exportar dados não enviados' }));
    expect(await outcome()).toHaveTextContent(TRANSFER_TEXTS.nothingToExport);
    expect(downloads).toEqual([]);
  });

  it("downloads one JSON file with the device's changes, named after the user and the time", async () => {
    await saveRecord(db, 'costs', null, { name: 'Deslocamento', price: 120 });
    const card = await openPage();
    fireEvent.click(card.getByRole('button', { name: 'Exportar dados não enviados' }));
    expect(await outcome()).toHaveTextContent(/^Arquivo dados-nao-enviados-maria-\d{2}-\d{2}-\d{4}-\d{4}\.json gerado com 1 alteração\./);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^dados-nao-enviados-maria-\d{2}-\d{2}-\d{4}-\d{4}\.json$/);
    const file = JSON.parse(await downloads[0]!.blob.text()) as { user: unknown; entries: Array<{ payload: { name: string } }> };
    expect(file.user).toEqual({ id: 7, username: 'maria', name: 'Maria Técnica' });
    expect(file.entries.map((entry) => entry.payload.name)).toEqual(['Deslocamento']);
  });
});

describe("'Importar dados'", () => {
  async function fileFromOtherDevice(user: TransferUser): Promise<string> {
    await saveRecord(other, 'costs', null, { name: 'Pedágio', price: 15 });
    const { exportUnsentData } = await import('@sync/engine/unsent-export');
    return (await exportUnsentData(other, user))!.blob.text();
  }

  it("takes the user's own file into this device's queue and says what it added", async () => {
    const text = await fileFromOtherDevice(MARIA);
    await openPage();
    await chooseFile(text);
    expect(await outcome()).toHaveTextContent('Dados importados: 1 alteração. Serão enviados ao servidor na próxima sincronização.');
    expect((await db.outbox.toArray()).map((entry) => entry.payload?.name)).toEqual(['Pedágio']);
    // The page lists it with the device's own changes.
    await screen.findByRole('region', { name: 'Aguardando envio' });
  });

  it.each([
    [
      "another user's file",
      async () => fileFromOtherDevice({ id: 8, username: 'joao', name: 'João Campos', isAdmin: false }),
      UNSENT_MESSAGES.otherUser('João Campos'),
    ],
    ['a damaged file', async () => '{"format": "higiene-dados-nao-enviados"', UNSENT_MESSAGES.corrupt],
  ])('refuses %s in red, changing nothing', async (_label, content, message) => {
    const text = await content();
    await openPage();
    await chooseFile(text);
    const shown = await outcome();
    expect(shown).toHaveTextContent(message);
    expect(shown).toHaveAttribute('data-kind', 'danger');
    expect(await db.outbox.count()).toBe(0);
  });
});

function SignOutButton({ signOut }: { signOut: () => void }) {
  const { requestSignOut, confirmation } = useSignOutGuard(signOut);
  return (
    <>
      <button type="button" onClick={requestSignOut}>
        Sair
      </button>
      {confirmation}
    </>
  );
}

describe('the sign-out warning', () => {
  it('offers the export of what would stay behind, and signing out still waits for the user', async () => {
    // A signed-in session (the warning exports the session user's data).
    localStorage.setItem(
      SESSION_STORAGE_KEYS.tokens,
      JSON.stringify({ accessToken: 'a', refreshToken: 'r', accessTokenExpiresAt: Date.now() + 600_000 }),
    );
    localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(makeUser()));
    await saveRecord(db, 'costs', null, { name: 'Hospedagem', price: 300 });
    const signOut = vi.fn();
    await renderRoutes({ '/admin/overview': () => <SignOutButton signOut={signOut} /> }, '/admin/overview', {
      db,
      runtime: createAppRuntime('http://127.0.0.1:9'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alterações não sincronizadas' }));
    expect(dialog.getByText(TRANSFER_TEXTS.signOutHint)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Exportar dados não enviados' }));
    expect(await dialog.findByTestId('unsent-transfer-outcome')).toHaveTextContent('gerado com 1 alteração');
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual([expect.stringMatching(/^dados-nao-enviados-maria-/)]));
    expect(signOut).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });
});
