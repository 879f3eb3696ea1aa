/**
 * Imprimir of an approved sample on the device (issue 28): the one
 * template prints its approval with the verification code and this app's
 * own address to check it ('{origin}/verificar/{code}'), offline too; a
 * sample in review prints 'Não aprovada — Em revisão'. The rendering module
 * (pdfmake) is replaced by one that keeps the definition, as the print
 * tests do.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb } from '../features/render-app';
import { printedText } from '../pdf/sample-pdf-support';
import { pulledSample, USERS } from './fixtures';
import { renderSamplePage } from './page-support';

const printed = vi.hoisted(() => ({ definitions: [] as TDocumentDefinitions[] }));
vi.mock('@/features/samples/sample-print-render', async () => {
  const { buildSampleDocument } = await import('@/pdf/sample');
  return {
    samplePhotosForPrint: async () => [],
    renderSamplePdf: async (input: Parameters<typeof buildSampleDocument>[0]) => {
      printed.definitions.push(buildSampleDocument(input));
      return new Blob(['%PDF'], { type: 'application/pdf' });
    },
  };
});

vi.setConfig({ testTimeout: 30_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
  printed.definitions = [];
  sessionStorage.clear();
  URL.createObjectURL ??= () => 'blob:pdf';
});
afterEach(() => {
  vi.restoreAllMocks();
  return closeTestDb(db);
});

async function print(key: string, user: (typeof USERS)[keyof typeof USERS]): Promise<string> {
  const tab = { document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  await renderSamplePage(db, key, user);
  const button = await screen.findByRole('button', { name: 'Imprimir' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  await waitFor(() => expect(printed.definitions).toHaveLength(1));
  return printedText(printed.definitions[0]!);
}

describe('Imprimir and the approval', () => {
  it('an approved sample: the approver, council, date, code and this app’s address to verify it', async () => {
    const approval = { code: 'K7M4Q9PX2T', approver_name: 'Mariana Lopes', council: 'CREA 123456/SP', approved_at: '2026-11-21T13:05:00.000Z' };
    const key = await pulledSample(db, { status: 'aprovada', approval });
    const text = await print(key, USERS.customer);
    expect(text).toContain('Aprovada por|Mariana Lopes');
    expect(text).toContain('Registro no conselho|CREA 123456/SP');
    expect(text).toContain('Data da aprovação|21/11/2026 10:05');
    expect(text).toContain('Código de verificação|K7M4Q9PX2T');
    expect(text).toContain(`${window.location.origin}/verificar/K7M4Q9PX2T`);
    expect(text).not.toContain('Não aprovada');
  });

  it('a sample in review: "Não aprovada — Em revisão"', async () => {
    const key = await pulledSample(db, { status: 'em_revisao' });
    const text = await print(key, USERS.reviewer);
    expect(text).toContain('Não aprovada — Em revisão');
    expect(text).not.toContain('Código de verificação');
  });
});
