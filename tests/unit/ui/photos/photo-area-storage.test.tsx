/**
 * The photo area warns before photos fail: with the browser's
 * StorageManager stubbed per test (and restored after it), 'near' and
 * 'full' show the low-space warning, 'ok' and a browser without the API
 * show nothing, a read-only area shows nothing, and the estimate is read
 * again after a photo is kept (real local store and record-files API, as
 * in photo-area.test.tsx; the compression library is replaced).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { useRecordFiles } from '@sync/react';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalCustomerFile } from '@sync/store/registry/customer-records';
import { PhotoArea } from '@/ui/photos';
import { renderWithProviders } from '../../support/render';
import { at, useTestDb } from '../../sync/support';

configure({ asyncUtilTimeout: 4_000 });

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

const MB = 1024 * 1024;
const GB = 1024 * MB;
const LOW = 'Pouco espaço no aparelho: sincronize e libere espaço antes de tirar mais fotos.';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const original = Object.getOwnPropertyDescriptor(navigator, 'storage');
function stubStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
}
beforeEach(() => {
  compress.mockReset();
  compress.mockImplementation(async (file: File) => new NodeBlob([`jpeg of ${file.name}`], { type: 'image/jpeg' }));
  URL.createObjectURL = () => 'blob:test/1';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'storage', original);
  else Reflect.deleteProperty(navigator, 'storage');
  vi.restoreAllMocks();
});

async function pulledCustomer(): Promise<string> {
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
    files: [],
    created_at: at(0),
    updated_at: at(0),
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('customers'), [wire], await keysWithEntries(store)));
  return (await db.records('customers').where('id').equals(7).first())!.key;
}

function Photos({ customerKey, readOnly }: { customerKey: string; readOnly?: boolean }) {
  const files = useRecordFiles('customer_files', customerKey);
  return (
    <PhotoArea<LocalCustomerFile>
      files={files}
      describe={(file) => ({ name: file.record.name, thumbnailPath: null })}
      fieldsOf={(photo, original) => ({
        name: photo.fileName,
        original_name: original.name,
        size: photo.blob.size,
        file: { type: photo.type, download_url: null },
      })}
      readOnly={readOnly}
    />
  );
}

async function renderArea(readOnly = false) {
  const customerKey = await pulledCustomer();
  await renderWithProviders(<Photos customerKey={customerKey} readOnly={readOnly} />, { db, notifications: true });
  await screen.findByText('Nenhuma imagem adicionada.');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('PhotoArea near the storage quota', () => {
  it.each([
    ['near (80 % used)', 0.8 * 4 * GB, 4 * GB, 'near'],
    ['near (less than 100 MB free)', 150 * MB, 240 * MB, 'near'],
    ['full (95 % used)', 0.96 * 4 * GB, 4 * GB, 'full'],
  ])('warns when %s', async (_case, usage, quota, level) => {
    stubStorage({ persisted: async () => true, estimate: async () => ({ usage, quota }) });
    await renderArea();
    const warning = await screen.findByTestId('low-storage-warning');
    expect(warning).toHaveTextContent(LOW);
    expect(warning.dataset.level).toBe(level);
    // A warning, not a block: the technician may still take the photo.
    expect(screen.getByRole('button', { name: 'Tirar foto' })).toBeEnabled();
  });

  it.each([
    ['with room to spare', { persisted: async () => true, estimate: async () => ({ usage: 100 * MB, quota: 4 * GB }) }],
    ['in a browser without the API', undefined],
  ])('says nothing %s', async (_case, storage) => {
    stubStorage(storage);
    await renderArea();
    await settle();
    expect(screen.queryByTestId('low-storage-warning')).toBeNull();
  });

  it('says nothing in a read-only area, where no photo is taken', async () => {
    stubStorage({ estimate: async () => ({ usage: 0.99 * GB, quota: GB }) });
    await renderArea(true);
    await settle();
    expect(screen.queryByTestId('low-storage-warning')).toBeNull();
  });

  it('reads the estimate again after a photo is kept, and warns once it is near', async () => {
    let usage = 0.7 * 4 * GB;
    const estimate = vi.fn(async () => ({ usage, quota: 4 * GB }));
    stubStorage({ estimate });
    await renderArea();
    await waitFor(() => expect(estimate).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.queryByTestId('low-storage-warning')).toBeNull();

    usage = 0.9 * 4 * GB;
    const input = screen.getByTestId('photo-files-input') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['raw'], 'foto.jpg', { type: 'image/jpeg' })] });
    fireEvent.change(input);

    expect(await screen.findByTestId('low-storage-warning')).toHaveTextContent(LOW);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(1));
    expect(estimate).toHaveBeenCalledTimes(2);
  });
});
