/**
 * The React hooks over the local store: a loading state distinct from an
 * empty list, live updates after a save, page changes that never show the
 * previous page's rows as the new page, and the status counts.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { SyncProvider, useLocalPage, useLocalRecord, useSyncActions, useSyncStatus } from '@sync/react';
import { useTestDb } from './support';

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

const seen: string[] = [];

function CostList() {
  const [page, setPage] = useState(1);
  const costs = useLocalPage('costs', { page });
  if (costs.loading) {
    seen.push(`loading page ${page}`);
    return <p>Carregando…</p>;
  }
  seen.push(`page ${costs.page}: ${costs.rows.map((row) => row.name).join(',')}`);
  return (
    <div>
      {costs.total === 0 ? <p>Ainda não tem nenhum item cadastrado.</p> : null}
      <ul>
        {costs.rows.map((row) => (
          <li key={row.key}>{row.name}</li>
        ))}
      </ul>
      <p>
        Mostrando página {costs.page} de {costs.pageCount}
      </p>
      <button onClick={() => setPage((current) => current + 1)}>Proximo</button>
    </div>
  );
}

describe('useLocalPage', () => {
  it('says loading first, then empty, then follows saves live', async () => {
    seen.length = 0;
    render(
      <SyncProvider db={db}>
        <CostList />
      </SyncProvider>,
    );
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    expect(await screen.findByText('Ainda não tem nenhum item cadastrado.')).toBeInTheDocument();
    await act(async () => {
      await saveRecord(db, 'costs', null, { name: 'Deslocamento', price: 100 });
    });
    expect(await screen.findByText('Deslocamento')).toBeInTheDocument();
  });

  it("loads a searchable list's search rows once the page is shown, before anything is typed", async () => {
    await saveRecord(db, 'costs', null, { name: 'Deslocamento', price: 100 });
    expect(db.searchCache.loaded('costs')).toBe(false);
    render(
      <SyncProvider db={db}>
        <CostList />
      </SyncProvider>,
    );
    expect(await screen.findByText('Deslocamento')).toBeInTheDocument();
    await waitFor(() => expect(db.searchCache.loaded('costs')).toBe(true));
  });

  it('on a page change shows loading, never page 1 rows as page 2', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await saveRecord(db, 'costs', null, { name: `Custo ${index}`, price: index }, { now: () => Date.UTC(2026, 0, 1, 0, index) });
    }
    seen.length = 0;
    render(
      <SyncProvider db={db}>
        <CostList />
      </SyncProvider>,
    );
    expect(await screen.findByText('Custo 12')).toBeInTheDocument();
    act(() => screen.getByText('Proximo').click());
    expect(await screen.findByText('Custo 2')).toBeInTheDocument();
    expect(screen.queryByText('Custo 12')).not.toBeInTheDocument();
    const afterClick = seen.slice(seen.indexOf('loading page 2'));
    expect(afterClick[0]).toBe('loading page 2');
    expect(afterClick.filter((line) => line.startsWith('page ')).every((line) => line === 'page 2: Custo 2,Custo 1')).toBe(true);
  });
});

function CostForm({ costKey }: { costKey: string }) {
  const cost = useLocalRecord('costs', costKey);
  const { saveRecord: save } = useSyncActions();
  const status = useSyncStatus();
  if (cost.loading || status.loading) return <p>Carregando…</p>;
  if (!cost.record) return <p>Registro não encontrado.</p>;
  return (
    <div>
      <p>Nome: {cost.record.name}</p>
      <p>Pendentes: {status.pending}</p>
      <button onClick={() => void save('costs', costKey, { name: 'Renomeado' })}>Salvar</button>
    </div>
  );
}

describe('useLocalRecord, useSyncActions and useSyncStatus', () => {
  it('read a record, save it, and count the pending change', async () => {
    const key = await saveRecord(db, 'costs', null, { name: 'Original', price: 1 });
    render(
      <SyncProvider db={db}>
        <CostForm costKey={key} />
      </SyncProvider>,
    );
    expect(await screen.findByText('Nome: Original')).toBeInTheDocument();
    expect(screen.getByText('Pendentes: 1')).toBeInTheDocument();
    act(() => screen.getByText('Salvar').click());
    expect(await screen.findByText('Nome: Renomeado')).toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(screen.getByText('Pendentes: 1')).toBeInTheDocument();
  });

  it('says when the record does not exist', async () => {
    render(
      <SyncProvider db={db}>
        <CostForm costKey="missing" />
      </SyncProvider>,
    );
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
  });
});
