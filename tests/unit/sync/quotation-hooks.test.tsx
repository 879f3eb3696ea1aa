/**
 * A screen queues a quotation's status change through `useSyncActions`
 * (offline, no engine): the record shows the new status at once and the
 * change counts as pending.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUOTATION_STATUS_LABELS } from '@sync/contract/quotations';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { SyncProvider, useLocalRecord, useSyncActions, useSyncStatus } from '@sync/react';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

function QuotationStatus({ quotationKey }: { quotationKey: string }) {
  const quotation = useLocalRecord('quotations', quotationKey);
  const status = useSyncStatus();
  const { runCommand } = useSyncActions();
  if (quotation.loading || status.loading || !quotation.record) return <p>Carregando…</p>;
  return (
    <div>
      <p>Status: {QUOTATION_STATUS_LABELS[quotation.record.status]}</p>
      <p>Total: {quotation.record.total}</p>
      <p>Pendentes: {status.pending}</p>
      <button onClick={() => void runCommand('quotations', quotationKey, 'status', { status: 'pending', markAsSent: true })}>Enviar</button>
    </div>
  );
}

describe('runCommand from useSyncActions', () => {
  it('changes the status on the device at once and queues the command', async () => {
    const customer = await saveRecord(db, 'customers', null, { name: 'Cliente', email: 'a@b.com.br', phone: '1133224455' });
    const key = await saveRecord(db, 'quotations', null, { customer_key: customer, rows: [{ name: 'Ruído', quantity: 2, value: 10 }], total: 0 });
    render(
      <SyncProvider db={db}>
        <QuotationStatus quotationKey={key} />
      </SyncProvider>,
    );
    expect(await screen.findByText('Status: Rascunho')).toBeInTheDocument();
    expect(screen.getByText('Total: 20')).toBeInTheDocument();
    expect(screen.getByText('Pendentes: 2')).toBeInTheDocument();
    act(() => screen.getByText('Enviar').click());
    expect(await screen.findByText('Status: Pendente')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Pendentes: 3')).toBeInTheDocument());
  });
});
