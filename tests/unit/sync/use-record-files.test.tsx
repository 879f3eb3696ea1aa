/**
 * useRecordFiles in a component (jsdom, fake-indexeddb): loading first, then
 * the record's files with their states, following the store live (a refusal
 * by the server, a removal), and an offline download refused with the
 * hook's message. Adding bytes is covered in record-files.test.ts (node:
 * jsdom's Blob cannot be stored by fake-indexeddb).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { RECORD_FILE_MESSAGES } from '@sync/engine/record-files';
import { SyncProvider, useRecordFiles } from '@sync/react';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';
import { at, useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

function wireFile(id: number): RecordFields {
  return {
    id,
    customer_id: 7,
    file_id: 100 + id,
    name: `Arquivo ${id}`,
    original_name: `Arquivo ${id}.pdf`,
    file: { type: 'application/pdf', download_url: `api/customer/7/file/${id}/download` },
    size: 6,
    sha256: 'ab'.repeat(32),
    created_at: at(id),
    updated_at: at(0),
  };
}

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
    files: [wireFile(3), wireFile(4)],
    created_at: at(0),
    updated_at: at(0),
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('customers'), [wire], await keysWithEntries(store)));
  return (await db.records('customers').where('id').equals(7).first())!.key;
}

function Files({ customerKey }: { customerKey: string }) {
  const files = useRecordFiles('customer_files', customerKey);
  const [message, setMessage] = useState('');
  if (files.loading) return <p>Carregando…</p>;
  return (
    <ul>
      {files.files.map((file) => (
        <li key={file.key}>
          {file.record.name}: {file.state}
          {file.availableOffline ? ' (offline)' : ''}
          {file.problem ? ` — ${file.problem.message}` : ''}
          <button onClick={() => void files.remove(file.key)}>Remover {file.record.name}</button>
          <button onClick={() => void files.bytes(file.key).catch((error: Error) => setMessage(error.message))}>Baixar {file.record.name}</button>
        </li>
      ))}
      <p role="status">{message}</p>
    </ul>
  );
}

describe('useRecordFiles', () => {
  it('lists the files with their states, live', async () => {
    const customerKey = await pulledCustomer();
    render(
      <SyncProvider db={db}>
        <Files customerKey={customerKey} />
      </SyncProvider>,
    );
    expect(screen.getByText('Carregando…')).toBeTruthy();
    await screen.findByText(/Arquivo 3: uploaded/);
    expect(screen.getByText(/Arquivo 4: uploaded/).textContent).not.toContain('offline');

    // Removed here: gone from the list at once; the delete waits in the outbox.
    await act(async () => screen.getByText('Remover Arquivo 3').click());
    await waitFor(() => expect(screen.queryByText(/Arquivo 3:/)).toBeNull());
    const line = await db.records('customer_files').where('id').equals(3).first();
    expect((await db.outbox.where('key').equals(line!.key).toArray()).map((entry) => entry.op)).toEqual(['delete']);

    // Refused by the server: the list says so with its message.
    const other = await db.records('customer_files').where('id').equals(4).first();
    await act(async () => {
      await db.outbox.add({
        resource: 'customer_files',
        op: 'update',
        key: other!.key,
        payload: { name: 'Arquivo 4' },
        idempotency_key: 'k-4',
        attempts: 1,
        next_attempt_at: 0,
        status: 'failed',
        error: { code: 'validation', message: 'Arquivo em uso.' },
        conflict: null,
        created_at: 0,
        changed_at: 0,
      });
    });
    await screen.findByText(/Arquivo 4: failed — Arquivo em uso\./);

    // Not on this device, and no engine (offline): the download says why.
    await act(async () => screen.getByText('Baixar Arquivo 4').click());
    await screen.findByText(RECORD_FILE_MESSAGES.offline);
  });
});
