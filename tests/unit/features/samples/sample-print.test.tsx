/**
 * Imprimir on the sample page: renders on the device from the draft (what
 * was typed and not saved yet, offline) with the one template, into the tab
 * opened in the click; a blocked pop-up shows the spec's alert. The
 * rendering module (pdfmake) is replaced by one that builds the definition
 * and keeps it, so the test reads what would be printed. With photos, the
 * PDF's 'Registro fotográfico' takes them from the files table on the device
 * (offline), in the order added, captioned 'Foto n - name', two per row; jsdom
 * has no canvas, so the photos go in as kept (the shrink for print is a
 * canvas step in the browser).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addRecordFiles } from '@sync/engine/record-files';
import { COMPANY_WARNING } from '@/entities/print/company-warning';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb, renderApp } from '../render-app';
import { localNoiseSample, sampleRoutes } from './local-plan';

const printed = vi.hoisted(() => ({ definitions: [] as TDocumentDefinitions[] }));
vi.mock('@/features/samples/sample-print-render', async () => {
  const { buildSampleDocument } = await import('@/pdf/sample');
  const { samplePhotosForPrint } = await import('@/features/samples/common/photos/photos-for-print');
  return {
    samplePhotosForPrint,
    renderSamplePdf: async (input: Parameters<typeof buildSampleDocument>[0]) => {
      printed.definitions.push(buildSampleDocument(input));
      return new Blob(['%PDF'], { type: 'application/pdf' });
    },
  };
});

vi.setConfig({ testTimeout: 20_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
  printed.definitions = [];
  // The company-data warning shows once per session (src/entities/print/company-warning.ts).
  sessionStorage.clear();
  URL.createObjectURL ??= () => 'blob:pdf';
});
afterEach(() => {
  vi.restoreAllMocks();
  return closeTestDb(db);
});

const noiseSample = () => localNoiseSample(db);
const routes = sampleRoutes;

describe('Imprimir on the sample page', () => {
  it('prints what was typed, not saved yet, into the tab opened in the click', async () => {
    const tab = { document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const key = await noiseSample();
    await renderApp(db, routes, `/admin/amostra/${key}`);
    fireEvent.change(await screen.findByLabelText('Funcionário'), { target: { value: 'Maria Souza' } });
    const print = await screen.findByRole('button', { name: 'Imprimir' });
    await waitFor(() => expect(print).toBeEnabled());
    fireEvent.click(print);
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const text = JSON.stringify(printed.definitions[0]!.content);
    expect(text).toContain('Maria Souza');
    expect(text).toContain('Dados cadastrais');
    expect(text).toContain('Ruído contínuo');
  });

  it('warns once per session, before printing, that the company data is not filled (none on this device)', async () => {
    const tab = { document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const key = await noiseSample();
    await renderApp(db, routes, `/admin/amostra/${key}`);
    const print = await screen.findByRole('button', { name: 'Imprimir' });
    await waitFor(() => expect(print).toBeEnabled());
    fireEvent.click(print);
    expect(await screen.findByText(COMPANY_WARNING)).toBeInTheDocument();
    await waitFor(() => expect(printed.definitions).toHaveLength(1));
    fireEvent.click(print);
    await waitFor(() => expect(printed.definitions).toHaveLength(2));
    expect(screen.getAllByText(COMPANY_WARNING)).toHaveLength(1);
  });

  it('shows the spec’s alert when the browser blocks the pop-up, and renders nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const key = await noiseSample();
    await renderApp(db, routes, `/admin/amostra/${key}`);
    const print = await screen.findByRole('button', { name: 'Imprimir' });
    await waitFor(() => expect(print).toBeEnabled());
    fireEvent.click(print);
    expect(await screen.findByText('Os popup do seu navegador estão bloqueados')).toBeInTheDocument();
    expect(printed.definitions).toHaveLength(0);
  });
});

async function keepPhoto(sampleKey: string, fileName: string, bytes: string) {
  const blob = new NodeBlob([bytes], { type: 'image/jpeg' }) as unknown as Blob;
  await addRecordFiles(db, 'sample_files', sampleKey, [
    {
      file: { blob, fileName, type: 'image/jpeg', thumbnail: null },
      fields: { name: fileName, file_name: fileName, type: 'image/jpeg', size: bytes.length, url: null },
    },
  ]);
}

async function printSample(key: string): Promise<TDocumentDefinitions> {
  const tab = { document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  await renderApp(db, routes, `/admin/amostra/${key}`);
  const print = await screen.findByRole('button', { name: 'Imprimir' });
  await waitFor(() => expect(print).toBeEnabled());
  fireEvent.click(print);
  await waitFor(() => expect(tab.location.href).not.toBe(''));
  return printed.definitions[0]!;
}

/** The rows of the photo section: each a `columns` of up to two cells `{ stack: [image, caption] }`. */
function photoRows(definition: TDocumentDefinitions) {
  const content = definition.content as Content[];
  const title = content.findIndex((part) => (part as { text?: unknown }).text === 'Registro fotográfico');
  if (title < 0) return null;
  return content.slice(title + 1).map((row) =>
    (row as { columns: { stack: [{ image: string }, { text: string }] }[] }).columns.map((cell) => ({
      image: cell.stack[0].image,
      caption: cell.stack[1].text,
    })),
  );
}

describe('Imprimir with photos', () => {
  it('prints the photos kept on the device, two per row, captioned, in the order taken', async () => {
    const key = await noiseSample();
    await keepPhoto(key, 'entrada.jpg', 'jpeg-1');
    await keepPhoto(key, 'maquina.jpg', 'jpeg-2');
    await keepPhoto(key, 'operador.jpg', 'jpeg-3');
    const rows = photoRows(await printSample(key));
    expect(rows).toEqual([
      [
        { image: `data:image/jpeg;base64,${btoa('jpeg-1')}`, caption: 'Foto 1 - entrada.jpg' },
        { image: `data:image/jpeg;base64,${btoa('jpeg-2')}`, caption: 'Foto 2 - maquina.jpg' },
      ],
      [{ image: `data:image/jpeg;base64,${btoa('jpeg-3')}`, caption: 'Foto 3 - operador.jpg' }],
    ]);
  });

  it('has no photo section for a sample without photos', async () => {
    const key = await noiseSample();
    expect(photoRows(await printSample(key))).toBeNull();
  });
});
