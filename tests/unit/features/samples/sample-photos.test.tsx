/**
 * The sample's photos wired to its `sample_files` lines, on a real local
 * store: a photo taken for a sample is kept on the device as a line of that
 * sample (by its local key) with the reduced JPEG bytes, shown from the
 * device, after the page's draft was flushed; a photo on the server and not
 * on this device shows the server's thumbnail of its url at w=150&h=150.
 * The library is replaced (jsdom has no canvas); bytes are Node Blobs
 * (fake-indexeddb cannot store jsdom's Blob).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { readDeviceFile } from '@sync/engine/files';
import type { SyncEngine } from '@sync/engine/engine';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';
import { SamplePhotosSlot } from '@/features/samples/common/sample-photos-slot';
import { thumbnailPathOf } from '@/features/samples/common/photos/sample-photos';
import { renderWithProviders } from '../../support/render';
import { at, useTestDb } from '../../sync/support';

configure({ asyncUtilTimeout: 4_000 });

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

beforeEach(() => {
  compress.mockReset();
  compress.mockImplementation(async () => new NodeBlob(['jpeg bytes'], { type: 'image/jpeg' }));
  let count = 0;
  URL.createObjectURL = () => `blob:test/${++count}`;
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.restoreAllMocks());

function wireSampleFile(id: number): RecordFields {
  return {
    id,
    sample_id: 11,
    file_id: 200 + id,
    name: `foto-${id}.jpg`,
    file_name: `foto-${id}.jpg`,
    url: `api/sample/file/${id}`,
    type: 'image/jpeg',
    size: 1000,
    sha256: 'cd'.repeat(32),
    created_at: at(id),
    updated_at: at(0),
  };
}

async function pulledSample(files: RecordFields[]): Promise<string> {
  const wire = {
    id: 11,
    sample_no: 1,
    customer_id: 7,
    company_name: 'Metalúrgica Exemplo',
    company_city: 'Campinas',
    quotation_id: 5,
    quotation_row_id: '5f0c3a9e1b7d4c2a8e6f0b13',
    plan_unit: 1,
    type_id: 3,
    type: { id: 3, name: 'Ruído', slug: 'noise' },
    agent_name: 'Ruído contínuo',
    chemical_agent: null,
    caracterization: {},
    memory_field: {},
    result: {},
    risk_classification: {},
    validation: {},
    files,
    f_created_at: '20/11/2026',
    created_at: at(0),
    updated_at: at(0),
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('samples'), [wire], await keysWithEntries(store)));
  const sample = await db.records('samples').where('id').equals(11).first();
  if (!sample) throw new Error('sample not stored');
  return sample.key;
}

function renderSlot(sampleKey: string, beforeCamera: () => Promise<void>, engine?: SyncEngine) {
  return renderWithProviders(<SamplePhotosSlot sampleKey={sampleKey} readOnly={false} beforeCamera={beforeCamera} />, {
    db,
    engine,
    notifications: true,
  });
}

describe('the sample photos', () => {
  it('names the server thumbnail of a file url', () => {
    const cases: [string | null, string | null][] = [
      ['api/sample/file/3', 'api/sample/file/3?w=150&h=150'],
      ['api/sample/file/3?v=2', 'api/sample/file/3?v=2&w=150&h=150'],
      [null, null],
    ];
    for (const [url, expected] of cases) expect(thumbnailPathOf(url)).toBe(expected);
  });

  it('keeps a photo taken with the camera as a line of the sample, with its bytes, after flushing the draft', async () => {
    const sampleKey = await pulledSample([]);
    const order: string[] = [];
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => order.push('camera'));
    const beforeCamera = vi.fn(async () => {
      order.push('draft saved');
    });
    await renderSlot(sampleKey, beforeCamera);
    await screen.findByText('Nenhuma imagem adicionada.');
    fireEvent.click(screen.getByRole('button', { name: 'Tirar foto' }));
    await waitFor(() => expect(order).toEqual(['draft saved', 'camera']));

    const input = screen.getByTestId('photo-camera-input') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['raw'], 'IMG_20261120.jpg', { type: 'image/jpeg' })] });
    fireEvent.change(input);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumbnail')).toHaveLength(1));

    const [line] = await db.records('sample_files').toArray();
    expect(line).toMatchObject({ sample_key: sampleKey, sample_id: 11, id: null, name: 'IMG_20261120.jpg', type: 'image/jpeg', url: null });
    expect(await readDeviceFile(db, 'sample_files', line!.key)).toMatchObject({ type: 'image/jpeg', status: 'pending' });
    expect((await db.outbox.where('key').equals(line!.key).toArray()).map((entry) => entry.op)).toEqual(['create']);
  });

  it('shows a photo that is only on the server from its 150 by 150 thumbnail', async () => {
    const sampleKey = await pulledSample([wireSampleFile(3)]);
    const download = vi.fn(async (path: string) => new NodeBlob([path], { type: 'image/jpeg' }) as unknown as Blob);
    await renderSlot(sampleKey, async () => {}, { files: { download } } as unknown as SyncEngine);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(download).toHaveBeenCalledWith('api/sample/file/3?w=150&h=150');
    expect(screen.getByTestId('photo-state').textContent).toBe('Sincronizada');
  });
});
