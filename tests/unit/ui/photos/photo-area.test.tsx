/**
 * The photo area through the screen, on a real local store (fake-indexeddb)
 * and the real record-files API (`useRecordFiles` of customer_files, an
 * upload resource with a parent, as sample photos are): refused types with
 * the spec's messages and nothing kept; images reduced with JPEG output and
 * the app's own library URL, then kept with their bytes and shown as
 * thumbnails with their state; the form saved before the camera opens (and
 * the camera not opened when that save fails); the carousel's keys; delete
 * with the shared confirmation. The library itself is replaced (jsdom has
 * no canvas); its real work is measured in Chromium by the bench.
 *
 * The bytes are Node Blobs: fake-indexeddb cannot store jsdom's Blob.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { readDeviceFile } from '@sync/engine/files';
import { useRecordFiles } from '@sync/react';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalCustomerFile } from '@sync/store/registry/customer-records';
import type { RecordFields } from '@sync/store/types';
import { PhotoArea } from '@/ui/photos';
import { renderWithProviders } from '../../support/render';
import { at, useTestDb } from '../../sync/support';

configure({ asyncUtilTimeout: 4_000 });

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const objectUrls = new Map<string, unknown>();
let urlCount = 0;
beforeEach(() => {
  compress.mockReset();
  compress.mockImplementation(async (file: File) => new NodeBlob([`jpeg of ${file.name}`], { type: 'image/jpeg' }));
  objectUrls.clear();
  URL.createObjectURL = (blob: unknown) => {
    const url = `blob:test/${++urlCount}`;
    objectUrls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    objectUrls.delete(url);
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function wireFile(id: number): RecordFields {
  return {
    id,
    customer_id: 7,
    file_id: 100 + id,
    name: `Foto ${id}`,
    original_name: `foto-${id}.jpg`,
    file: { type: 'image/jpeg', download_url: `api/customer/7/file/${id}/download` },
    size: 6,
    sha256: 'ab'.repeat(32),
    created_at: at(id),
    updated_at: at(0),
  };
}

async function pulledCustomer(files: RecordFields[] = []): Promise<string> {
  const wire = {
    id: 7,
    name: 'Cliente 7',
    type: 'individual',
    document: null,
    email: 'c7@exemplo.com.br',
    phone: '1133334444',
    comment: null,
    contact: null,
    contact_name: null,
    addresses: [],
    f_created_at: '20/11/2026',
    files,
    created_at: at(0),
    updated_at: at(0),
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('customers'), [wire], await keysWithEntries(store)));
  return (await db.records('customers').where('id').equals(7).first())!.key;
}

interface HarnessProps {
  customerKey: string;
  onBeforeCamera?: () => unknown;
  download?: (path: string) => Promise<Blob>;
  readOnly?: boolean;
}

function Photos({ customerKey, onBeforeCamera, download, readOnly }: HarnessProps) {
  const files = useRecordFiles('customer_files', customerKey);
  return (
    <PhotoArea<LocalCustomerFile>
      files={files}
      describe={(file) => ({
        name: file.record.name,
        thumbnailPath: file.record.file?.download_url ? `${file.record.file.download_url}?w=150&h=150` : null,
      })}
      fieldsOf={(photo, original) => ({
        name: photo.fileName,
        original_name: original.name,
        size: photo.blob.size,
        file: { type: photo.type, download_url: null },
      })}
      onBeforeCamera={onBeforeCamera}
      download={download}
      readOnly={readOnly}
    />
  );
}

function renderArea(props: HarnessProps) {
  return renderWithProviders(<Photos {...props} />, { db, notifications: true });
}

const image = (name: string, type = 'image/jpeg') => new File(['raw camera bytes'], name, { type });

function choose(files: File[], testId = 'photo-files-input') {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

const alertsOf = (kind: string) => Array.from(document.querySelectorAll(`[data-alert-kind="${kind}"]`)).map((node) => node.textContent);

async function storedLines() {
  return db.records('customer_files').toArray();
}

describe('PhotoArea', () => {
  it('refuses anything but images with the spec messages, and keeps nothing', async () => {
    const customerKey = await pulledCustomer();
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('foto.jpg'), new File(['%PDF'], 'laudo.pdf', { type: 'application/pdf' }), new File(['x'], 'planilha.xlsx', { type: '' })]);
    expect((await screen.findByTestId('photo-refused')).textContent).toBe('Você não pode enviar arquivos desse tipo.');
    await waitFor(() =>
      expect(alertsOf('warning')).toEqual(['Tipo de arquivo não suportado: application/pdf', 'Tipo de arquivo não suportado: planilha.xlsx']),
    );
    expect(compress).not.toHaveBeenCalled();
    expect(await storedLines()).toEqual([]);
  });

  it('reduces each image to JPEG with the app-served library in a worker, keeps it with its bytes and shows its thumbnail', async () => {
    const customerKey = await pulledCustomer();
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('IMG_0001.HEIC', 'image/heic'), image('obra.png', 'image/png')]);

    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(2));
    expect(compress).toHaveBeenCalledTimes(2);
    for (const [, options] of compress.mock.calls) {
      expect(options).toMatchObject({ fileType: 'image/jpeg', maxWidthOrHeight: 1600, useWebWorker: true });
      expect(options.maxSizeMB * 1024 * 1024).toBeLessThan(400_000);
      // The app's own copy of the script, on its own origin: never the CDN.
      expect(options.libURL).toMatch(/^http:\/\/localhost(:\d+)?\/.*browser-image-compression\.js$/);
    }

    const lines = await storedLines();
    expect(lines.map((line) => line.name).sort()).toEqual(['IMG_0001.jpg', 'obra.jpg']);
    for (const line of lines) {
      expect(line.id).toBeNull();
      const bytes = await readDeviceFile(db, 'customer_files', line.key);
      expect(bytes).toMatchObject({ type: 'image/jpeg', name: line.name, status: 'pending' });
    }
    // Shown from the device's copy, with the state of a photo not sent yet.
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    for (const img of screen.getAllByRole('img') as HTMLImageElement[]) {
      expect(img.getAttribute('src')).toMatch(/^blob:test\//);
      expect(img.width).toBe(150);
      expect(img.height).toBe(150);
    }
    expect(screen.getAllByTestId('photo-state').map((badge) => badge.textContent)).toEqual(['Neste dispositivo', 'Neste dispositivo']);
    // The input's accept and capture open the camera on a tablet.
    expect(screen.getByTestId('photo-camera-input').getAttribute('accept')).toBe('image/*');
    expect(screen.getByTestId('photo-camera-input').getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('photo-files-input').hasAttribute('multiple')).toBe(true);
  });

  it('makes a small thumbnail of the reduced photo on the device and shows it instead of the photo', async () => {
    const customerKey = await pulledCustomer();
    const drawn: number[][] = [];
    vi.stubGlobal('createImageBitmap', async () => ({ width: 1600, height: 1200, close() {} }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return { imageSmoothingQuality: 'low', drawImage: (_image: unknown, ...box: number[]) => drawn.push(box) };
        }
        async convertToBlob(options: { type: string }) {
          return new NodeBlob([`thumbnail ${this.width}x${this.height}`], { type: options.type });
        }
      },
    );
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('obra.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    // The centre square of a 1600 × 1200 photo, drawn at 300 × 300.
    expect(drawn).toEqual([[200, 0, 1200, 1200, 0, 0, 300, 300]]);
    const [line] = await storedLines();
    const stored = await readDeviceFile(db, 'customer_files', line!.key);
    expect(await (stored!.thumbnail as Blob).text()).toBe('thumbnail 300x300');
    const shown = objectUrls.get(screen.getByRole('img').getAttribute('src')!) as Blob;
    expect(await shown.text()).toBe('thumbnail 300x300');
  });

  it('says, readable, why an image could not be processed and keeps the others', async () => {
    const customerKey = await pulledCustomer();
    compress.mockImplementation(async (file: File) => {
      // What the library rejects with when the browser cannot decode the file: the <img>'s error Event.
      if (file.name === 'corrompida.jpg') {
        const event = new Event('error');
        document.createElement('img').dispatchEvent(event);
        throw event;
      }
      return new NodeBlob(['jpeg'], { type: 'image/jpeg' });
    });
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('corrompida.jpg'), image('boa.jpg')]);
    await waitFor(() =>
      expect(alertsOf('danger')).toEqual([
        'Erro ao processar imagem: Não foi possível ler a imagem. O arquivo pode estar corrompido; tire a foto de novo ou escolha outra.',
      ]),
    );
    await waitFor(async () => expect((await storedLines()).map((line) => line.name)).toEqual(['boa.jpg']));
  });

  it('saves the form before the camera opens, and does not open it when that save fails', async () => {
    const customerKey = await pulledCustomer();
    const events: string[] = [];
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      events.push(`open ${this.dataset.testid}`);
    });
    let fail = false;
    const onBeforeCamera = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail) throw new Event('error');
      events.push('saved');
    });
    await renderArea({ customerKey, onBeforeCamera });
    await screen.findByText('Nenhuma imagem adicionada.');

    fireEvent.click(screen.getByRole('button', { name: 'Tirar foto' }));
    await waitFor(() => expect(events).toEqual(['saved', 'open photo-camera-input']));
    fireEvent.click(screen.getByRole('button', { name: 'Escolher imagens' }));
    await waitFor(() => expect(events).toEqual(['saved', 'open photo-camera-input', 'saved', 'open photo-files-input']));

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tirar foto' }));
    await waitFor(() =>
      expect(alertsOf('danger')).toEqual(['Não foi possível guardar a amostra neste aparelho antes de abrir a câmera. Tente de novo.']),
    );
    expect(events).toHaveLength(4);
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('opens the carousel on a thumbnail: arrows move (wrapping), Escape closes', async () => {
    const customerKey = await pulledCustomer();
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('a.jpg'), image('b.jpg'), image('c.jpg')]);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Abrir b.jpg' }));
    const counter = await screen.findByTestId('carousel-counter');
    expect(counter.textContent).toBe('2 de 3');
    expect(((await screen.findByTestId('carousel-photo')) as HTMLImageElement).alt).toBe('b.jpg');

    const cases: [string, string][] = [
      ['ArrowRight', '3 de 3'],
      ['ArrowRight', '1 de 3'],
      ['ArrowLeft', '3 de 3'],
      ['ArrowLeft', '2 de 3'],
    ];
    for (const [key, expected] of cases) {
      fireEvent.keyDown(window, { key });
      await waitFor(() => expect(screen.getByTestId('carousel-counter').textContent).toBe(expected));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    await waitFor(() => expect(screen.getByTestId('carousel-counter').textContent).toBe('3 de 3'));
    expect(((await screen.findByTestId('carousel-photo')) as HTMLImageElement).alt).toBe('c.jpg');

    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('carousel-counter')).toBeNull());
  });

  it('deletes a photo only after the shared confirmation', async () => {
    const customerKey = await pulledCustomer();
    await renderArea({ customerKey });
    await screen.findByText('Nenhuma imagem adicionada.');
    choose([image('a.jpg'), image('b.jpg')]);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Excluir a.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar exclusão' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await storedLines()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir a.jpg' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(alertsOf('success')).toEqual(['Arquivo deletado com sucesso']));
    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(1));
    // Never sent: the line and its bytes simply go.
    expect((await storedLines()).map((line) => line.name)).toEqual(['b.jpg']);
    expect(await db.files.count()).toBe(1);
  });

  it('shows a photo on the server but not on this device from the server thumbnail, 150 by 150', async () => {
    const customerKey = await pulledCustomer([wireFile(3), wireFile(4)]);
    const download = vi.fn(async (path: string) => new NodeBlob([path], { type: 'image/jpeg' }) as unknown as Blob);
    await renderArea({ customerKey, download });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(download.mock.calls.map(([path]) => path).sort()).toEqual([
      'api/customer/7/file/3/download?w=150&h=150',
      'api/customer/7/file/4/download?w=150&h=150',
    ]);
    expect(screen.getAllByTestId('photo-state').map((badge) => badge.textContent)).toEqual(['Sincronizada', 'Sincronizada']);
  });

  it('shows a photo the server refused as failed, and read-only users neither add nor delete', async () => {
    const customerKey = await pulledCustomer([wireFile(3)]);
    const line = await db.records('customer_files').where('id').equals(3).first();
    await db.outbox.add({
      resource: 'customer_files',
      op: 'delete',
      key: line!.key,
      payload: {},
      idempotency_key: 'k-3',
      attempts: 1,
      next_attempt_at: 0,
      status: 'failed',
      error: { code: 'validation', message: 'Arquivo em uso.' },
      conflict: null,
      created_at: 0,
      changed_at: 0,
    });
    await renderArea({ customerKey, readOnly: true });
    await waitFor(() => expect(screen.getByTestId('photo-state').textContent).toBe('Falhou'));
    expect(screen.getByTestId('photo-thumbnail').dataset.state).toBe('failed');
    expect(screen.queryByRole('button', { name: 'Tirar foto' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Escolher imagens' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir Foto 3' })).toBeTruthy();
  });

  it('says a photo is not available offline when neither the device nor the server can show it', async () => {
    const customerKey = await pulledCustomer([wireFile(3)]);
    await renderArea({ customerKey });
    await screen.findByText('Imagem não disponível offline');
  });
});
