/**
 * What a keystroke renders on the sample page: the shown tab only. The
 * header, the action bar (Salvar, Verificar), the 'Dados cadastrais' card, the common Caracterização fields and
 * the photos are memoised; counting their renders (the real components,
 * wrapped with the same memo) shows the page hands them the same props
 * while the technician types in another tab, and that typing in
 * Caracterização renders its fields but not the photos, header or card.
 */
import { type ComponentType, memo, type MemoExoticComponent, type NamedExoticComponent } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { closeTestDb, openTestDb, renderApp } from '../render-app';
import { localNoiseSample, sampleRoutes } from './local-plan';

const renders = vi.hoisted(() => ({ header: 0, bar: 0, card: 0, fields: 0, photos: 0 }));

/** The same memoised component, counting each time its inner function runs. */
function counting<P extends object>(component: NamedExoticComponent<P>, name: keyof typeof renders) {
  const exotic = component as unknown as MemoExoticComponent<ComponentType<P>> & { type: (props: P) => React.ReactNode; compare?: null };
  const inner = exotic.type;
  return memo((props: P) => {
    renders[name] += 1;
    return inner(props);
  }, exotic.compare ?? undefined);
}

vi.mock('@/features/samples/sample-page-header', async (load) => {
  const real = await load<typeof import('@/features/samples/sample-page-header')>();
  return { ...real, SamplePageHeader: counting(real.SamplePageHeader, 'header') };
});
vi.mock('@/features/samples/sample-action-bar', async (load) => {
  const real = await load<typeof import('@/features/samples/sample-action-bar')>();
  return { ...real, SampleActionBar: counting(real.SampleActionBar, 'bar') };
});
vi.mock('@/features/samples/sample-details-card', async (load) => {
  const real = await load<typeof import('@/features/samples/sample-details-card')>();
  return { ...real, SampleDetailsCard: counting(real.SampleDetailsCard, 'card') };
});
vi.mock('@/features/samples/common', async (load) => {
  const real = await load<typeof import('@/features/samples/common')>();
  return {
    ...real,
    CaracterizationFields: counting(real.CaracterizationFields, 'fields'),
    SamplePhotosSlot: counting(real.SamplePhotosSlot, 'photos'),
  };
});

vi.setConfig({ testTimeout: 20_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const noiseSample = () => localNoiseSample(db);
const routes = sampleRoutes;

function reset() {
  for (const name of Object.keys(renders) as Array<keyof typeof renders>) renders[name] = 0;
}

/**
 * Waits until nothing counted has rendered for 300 ms: what the first keystroke set off (the unsaved marker,
 * the draft's save a moment later) is over before counting. Under CI's load that save once landed among the
 * counted keystrokes and the card rendered for it.
 */
async function settled() {
  let before = JSON.stringify(renders);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = JSON.stringify(renders);
    if (now === before) return;
    before = now;
  }
}

describe('a keystroke on the sample page', () => {
  it('in Memória de campo renders neither the header, the action bar, the card nor Caracterização', async () => {
    const key = await noiseSample();
    await renderApp(db, routes, `/admin/amostra/${key}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Memória de campo' }));
    const task = await screen.findByLabelText('Tarefa');
    // The first keystroke turns 'Alterações não salvas' on: the header renders for it, once.
    fireEvent.change(task, { target: { value: 'M' } });
    expect(await screen.findByText('Alterações não salvas')).toBeInTheDocument();
    await settled();
    reset();
    for (const text of ['Mo', 'Mon', 'Mont', 'Monta', 'Montag', 'Montage', 'Montagem']) fireEvent.change(task, { target: { value: text } });
    await waitFor(() => expect(task).toHaveValue('Montagem'));
    expect(renders).toEqual({ header: 0, bar: 0, card: 0, fields: 0, photos: 0 });
  });

  it('in Caracterização renders its fields, not the photos, the header, the action bar or the card', async () => {
    const key = await noiseSample();
    await renderApp(db, routes, `/admin/amostra/${key}`);
    const employee = await screen.findByLabelText('Funcionário');
    fireEvent.change(employee, { target: { value: 'M' } });
    expect(await screen.findByText('Alterações não salvas')).toBeInTheDocument();
    await settled();
    reset();
    for (const text of ['Ma', 'Mar', 'Mari', 'Maria']) fireEvent.change(employee, { target: { value: text } });
    await waitFor(() => expect(employee).toHaveValue('Maria'));
    expect(renders).toMatchObject({ header: 0, bar: 0, card: 0, photos: 0 });
    expect(renders.fields).toBeGreaterThanOrEqual(4);
  });
});
