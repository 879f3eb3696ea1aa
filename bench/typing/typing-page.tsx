/**
 * The sample-typing bench page (part `sample-typing`, bench/sample-typing.ts):
 * the real sample page (SampleEditPage at /admin/amostra/{key}, in a memory
 * router, Mantine's styles) on a device's store in IndexedDB as after the
 * first sync and the plan (the seeded settings, an approved quotation, its
 * noise sample with the field memory's times), offline: no server. The
 * page keeps every keystroke as its draft on the device, as in use. Above
 * it, the baseline: a plain Mantine input whose text is echoed, with no
 * calculation.
 *
 * `window.typing.arm(target)` starts timing: every keydown's timestamp is
 * kept, and on the animation frames that follow, the first one where the
 * target's figure differs from before the key records keydown → that frame.
 *
 * `window.typing.openSample(which)` (issue 13's open figure) unmounts all
 * that and mounts the sample page again on another sample of the same
 * store: one with 20 photos kept as the device keeps them (`seedPhotos`,
 * bench/photos/stored-photos.ts) or, the baseline, one with none; it times
 * mount → the tab list clickable and the Caracterização fields enabled, and
 * mount → every thumbnail decoded and a frame drawn.
 * `window.typing.openChemical()` (issue 22) mounts the page, the baseline
 * above it, on a chemical sample of ten agent rows with their results: the
 * keys then go to one agent row's pump flow (→ its volume) and one result
 * row's result (→ its risk level).
 * Nothing of this ships in the app.
 */
import '@mantine/core/styles.css';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider, Stack, TextInput } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { CHEMICAL_DESCRIPTOR } from '@sync/contract/samples/chemical-descriptor';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { readRecord } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { planSaves } from '@/entities/sample';
import { SyncProvider } from '@sync/react/context';
import { SyncDatabase } from '@sync/store/database';
import { defaultSettings } from '@server/db/seed/default-settings';
import { SampleEditPage } from '@/features/samples';
import { localCustomer, localNoisePlan } from '../../tests/unit/features/samples/local-plan';
import { addStoredPhotos, thumbnailsDrawn } from '../photos/stored-photos';

/** What a key is timed to: the noise Dose 8h, the baseline's echo, a chemical agent row's volume or a result row's risk level (issue 22). */
type Target = 'calculation' | 'baseline' | 'volume' | 'risk';

export interface TypingPage {
  /** Starts timing keystrokes on one target; returns nothing. */
  arm(target: Target): void;
  /** Keystrokes timed so far since `arm`. */
  count(): number;
  /** Stops and hands back the keydown → updated-figure times, ms. */
  disarm(): number[];
  /** Stores the photos on the photo sample; returns their bytes. */
  seedPhotos(count: number): Promise<{ bytesOnDevice: number }>;
  /** Mounts the sample page afresh on the sample with photos or the one without, and times it. */
  openSample(which: OpenWhich): Promise<OpenTiming>;
  /** Mounts the sample page, with the baseline above it, on the chemical sample of ten agent rows (issue 22). */
  openChemical(): Promise<void>;
}

export type OpenWhich = 'photos' | 'empty';

export interface OpenTiming {
  /** Mount until the tab list is clickable and the Caracterização fields are enabled. */
  usableMs: number;
  /** Mount until the photo area has read its files and every thumbnail is decoded and a frame drawn. */
  thumbnailsMs: number;
  thumbnails: number;
}

/** The row of the chemical sample the keys go to (the middle one of ten). */
const CHEMICAL_ROW = 5;
const inputValue = (selector: string) => (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null;

const FIGURE: Record<Target, () => string | null> = {
  calculation: () => inputValue('[data-testid="nho-dose8"]'),
  baseline: () => document.querySelector('[data-testid="baseline-echo"]')?.textContent ?? null,
  volume: () => inputValue(`[data-field="memory_field.agents.${CHEMICAL_ROW}.volume"]`),
  risk: () => inputValue(`[data-testid="chemical-result-${CHEMICAL_ROW}-risk"]`),
};

let armed: Target | null = null;
let samples: number[] = [];

document.addEventListener(
  'keydown',
  (event) => {
    if (!armed) return;
    const read = FIGURE[armed];
    const before = read();
    const start = event.timeStamp;
    // Read in the animation frame callback, just before that frame paints; performance.now() rather than the frame's
    // start time, so the figure includes everything up to the check.
    const watch = () => {
      const now = performance.now();
      if (read() !== before) samples.push(now - start);
      else if (now - start < 2_000) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  },
  true,
);

/** The sample page, in a memory router, as /admin/amostra/{key} shows it. */
function samplePageRouter(sampleKey: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const sample = createRoute({
    getParentRoute: () => root,
    path: '/admin/amostra/$sampleId',
    component: function SampleRoute() {
      const { sampleId } = useParams({ strict: false }) as { sampleId: string };
      return <SampleEditPage sampleId={sampleId} />;
    },
  });
  return createRouter({ routeTree: root.addChildren([sample]), history: createMemoryHistory({ initialEntries: [`/admin/amostra/${sampleKey}`] }) });
}

function Baseline() {
  const [echo, setEcho] = useState('');
  return (
    <Stack p="md" maw={768}>
      <TextInput label="Linha de base" data-testid="baseline-input" value={echo} onChange={(event) => setEcho(event.currentTarget.value)} />
      <p data-testid="baseline-echo">{echo}</p>
    </Stack>
  );
}

const AT = '2026-11-25T00:00:00.000Z';

/**
 * A device's store as after the first sync and the plans: the seeded settings, a customer, an approved quotation of
 * one noise unit and its sample (typed in), and one of two noise units whose samples the open figure mounts.
 */
async function deviceWithNoiseSamples(): Promise<{ db: SyncDatabase; sampleKey: string; openKeys: Record<OpenWhich, string> }> {
  const db = new SyncDatabase(`bench-typing-${Date.now()}`);
  const settings = defaultSettings().map((row, index) => ({ id: index + 1, ...row, created_at: AT, updated_at: AT }));
  await db.write(async (store) => applyServerRecords(store, store.registry.get('settings'), settings, await keysWithEntries(store)));
  const customer = await localCustomer(db);
  const [sampleKey] = await localNoisePlan(db, customer);
  await saveRecord(db, 'samples', sampleKey!, { memory_field: { initial_time: '08:00', final_time: '13:00', duration: '08:00' } });
  const [photosKey, emptyKey] = await localNoisePlan(db, customer, 2);
  return { db, sampleKey: sampleKey!, openKeys: { photos: photosKey!, empty: emptyKey! } };
}

/**
 * A chemical sample of ten agent rows as a technician leaves it after the laboratory's results (issue 22): each row an
 * agent with its flow and times (4 h), each result row 4 ppm against a TWA of 100 ppm and an LT of 78 ppm, derived
 * as the page saves them.
 */
async function chemicalSample(db: SyncDatabase, customerKey: string): Promise<string> {
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customerKey,
    rows: [{ name: 'Solventes', product_type_id: 2, quantity: 1, value: 10 }],
    total: 10,
  });
  const quotation = (await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation;
  const [sampleKey] = await saveRecords(db, planSaves(quotation));
  const agents = Array.from({ length: 10 }, (_, index) => ({
    row_id: `agente${index}`,
    agent: `Agente químico ${index + 1}`,
    agent_code: `Q${index + 1}`,
    agent_method: 'NIOSH 1501',
    pump_flow: '1',
    initial: '08:00',
    final: '12:00',
  }));
  const results = agents.map((agent) => ({
    row_id: agent.row_id,
    agent_row_id: agent.row_id,
    lq: 'A cima',
    result: '4',
    unity: 'ppm',
    twa: '100',
    mp: '78',
    calculation_base: 'TWA',
  }));
  const blocks = CHEMICAL_DESCRIPTOR.derive(
    { caracterization: {}, memory_field: { agents }, result: { agents: results }, risk_classification: {}, validation: {} },
    { thresholds: defaultResultThresholds() },
  );
  await saveRecord(db, 'samples', sampleKey!, blocks);
  return sampleKey!;
}

const container = document.getElementById('root')!;
let root: Root | null = null;

function mount(db: SyncDatabase, sampleKey: string, withBaseline: boolean) {
  root?.unmount();
  container.replaceChildren();
  root = createRoot(container);
  root.render(
    <MantineProvider>
      <SyncProvider db={db}>
        {withBaseline ? <Baseline /> : null}
        <RouterProvider router={samplePageRouter(sampleKey) as never} />
      </SyncProvider>
    </MantineProvider>,
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The tab list clickable and the Caracterização fields enabled. */
function tabsUsable(): boolean {
  const tab = Array.from(container.querySelectorAll<HTMLButtonElement>('[role="tab"]')).find((item) =>
    item.textContent?.trim().startsWith('Caracterização'),
  );
  const field = container.querySelector<HTMLInputElement>('input[name="caracterization.sample_no"]');
  return !!tab && !tab.disabled && tab.getAttribute('aria-disabled') !== 'true' && !!field && !field.disabled && !field.readOnly;
}

/** The photo area has read the sample's files: its buttons are enabled. */
function photoAreaAnswered(): boolean {
  const camera = Array.from(container.querySelectorAll('button')).find((button) => button.textContent === 'Tirar foto');
  return !!camera && !camera.disabled;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  const { db, sampleKey, openKeys } = await deviceWithNoiseSamples();
  const chemicalKey = await chemicalSample(db, await localCustomer(db));
  let photosSeeded = 0;
  const typing: TypingPage = {
    arm(target) {
      armed = target;
      samples = [];
    },
    count: () => samples.length,
    disarm() {
      armed = null;
      return samples;
    },
    async seedPhotos(count) {
      const bytesOnDevice = await addStoredPhotos(db, openKeys.photos, count);
      photosSeeded += count;
      return { bytesOnDevice };
    },
    async openSample(which) {
      root?.unmount();
      root = null;
      container.replaceChildren();
      await nextFrame();
      const expected = which === 'photos' ? photosSeeded : 0;
      const begin = performance.now();
      mount(db, openKeys[which], false);
      await until(tabsUsable);
      const usableMs = performance.now() - begin;
      await until(photoAreaAnswered);
      const thumbnails = await thumbnailsDrawn(container, expected, '[data-testid="photo-grid"] img');
      return { usableMs, thumbnailsMs: performance.now() - begin, thumbnails };
    },
    async openChemical() {
      mount(db, chemicalKey, true);
      await until(tabsUsable);
    },
  };
  (window as unknown as { typing: TypingPage }).typing = typing;
  mount(db, sampleKey, true);
  document.getElementById('status')!.textContent = 'pronto';
}

void start();
