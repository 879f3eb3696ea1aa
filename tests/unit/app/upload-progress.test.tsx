/**
 * The upload queue's progress under the header (src/app/upload-progress):
 * nothing while no upload waits; 'Enviando 0 de 2 fotos, …' as photos are
 * queued, following the store live as bytes go out and an upload is
 * accepted, as a progress bar with its words; gone offline and once the
 * queue is empty.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadProgressReporter } from '@sync/engine/files-progress';
import { markDelivered } from '@sync/engine/files-queue';
import { saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { UploadProgress } from '@/app/upload-progress/upload-progress';
import { pulledSample } from '../samples/fixtures';
import { openTestDb } from '../sync/support';
import { renderInApp } from './sync/render-in-app';
import { setBrowserOnline } from '../support/browser-online';

const MB = 1024 * 1024;

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await writeMeta(db, META.engineState, { phase: 'pushing', reachable: true, lastError: null });
});
afterEach(async () => {
  setBrowserOnline(true);
  db.close();
  await db.delete();
});

/** Two photos of 1 MB and 3 MB queued for a sample; their local keys. */
async function twoPhotos(): Promise<string[]> {
  const sample = await pulledSample(db);
  return saveRecords(
    db,
    [1, 3].map((megabytes, index) => ({
      resource: 'sample_files' as const,
      key: null,
      fields: { name: `foto-${index}.jpg`, sample_key: sample },
      // Node's Blob: fake-indexeddb keeps its bytes, jsdom's it cannot.
      file: {
        blob: new NodeBlob([new Uint8Array(megabytes * MB)], { type: 'image/jpeg' }) as unknown as Blob,
        fileName: `foto-${index}.jpg`,
        type: 'image/jpeg',
      },
    })),
  );
}

const strip = () => screen.queryByTestId('upload-progress');

describe('upload progress under the header', () => {
  it('shows nothing while no upload waits (a refused one waits for the user, not the network), then one photo', async () => {
    const [refused, queued] = await twoPhotos();
    await db.outbox.where('key').equals(refused!).modify({ status: 'failed', attempts: 1 });
    await db.outbox.where('key').equals(queued!).delete();
    await renderInApp(db, <UploadProgress />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(strip()).not.toBeInTheDocument();

    await act(async () => {
      await db.outbox.where('key').equals(refused!).modify({ status: 'pending' });
    });
    expect(await screen.findByTestId('upload-progress')).toHaveTextContent('Enviando 0 de 1 foto, 0,0 de 1,0 MB');
  });

  it('follows the queue live: queued, bytes going out, one accepted, all sent', async () => {
    await renderInApp(db, <UploadProgress />);
    const [first, second] = await act(() => twoPhotos());

    const bar = await screen.findByRole('progressbar', { name: 'Envio das fotos' });
    expect(bar).toHaveTextContent('Enviando 0 de 2 fotos, 0,0 de 4,0 MB');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', 'Enviando 0 de 2 fotos, 0,0 de 4,0 MB');

    // Half of the first photo's body has gone.
    act(() => uploadProgressReporter(db, 'sample_files', first!)(500, 1000));
    await waitFor(() => expect(bar).toHaveTextContent('Enviando 0 de 2 fotos, 0,5 de 4,0 MB'));
    expect(bar).toHaveAttribute('aria-valuenow', '12');

    // The first is accepted (as the push applies its answer): counted sent, out of the queue.
    await act(async () => {
      await db.write(async (store) => {
        const entry = (await store.outbox.where('key').equals(first!).first())!;
        await store.meta.delete(`upload:${first}`);
        await markDelivered(store, 'sample_files', first!, 501, entry.seq!);
        await store.outbox.delete(entry.seq!);
      });
    });
    await waitFor(() => expect(strip()).toHaveTextContent('Enviando 1 de 2 fotos, 1,0 de 4,0 MB'));
    expect(strip()).toHaveAttribute('aria-valuenow', '25');

    // The last one goes: nothing left to show.
    await act(async () => {
      await db.write(async (store) => {
        const entry = (await store.outbox.where('key').equals(second!).first())!;
        await markDelivered(store, 'sample_files', second!, 502, entry.seq!);
        await store.outbox.delete(entry.seq!);
      });
    });
    await waitFor(() => expect(strip()).not.toBeInTheDocument());
  });

  it('hides offline, when nothing is being sent, and comes back online', async () => {
    await twoPhotos();
    await renderInApp(db, <UploadProgress />);
    expect(await screen.findByTestId('upload-progress')).toHaveTextContent('Enviando 0 de 2 fotos');

    act(() => setBrowserOnline(false));
    await waitFor(() => expect(strip()).not.toBeInTheDocument());

    act(() => setBrowserOnline(true));
    expect(await screen.findByTestId('upload-progress')).toHaveTextContent('Enviando 0 de 2 fotos');
  });
});
