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
 * Nothing of this ships in the app.
 */
import '@mantine/core/styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Stack, TextInput } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import { SyncProvider } from '@sync/react/context';
import { SyncDatabase } from '@sync/store/database';
import { readRecord } from '@sync/store/queries';
import type { LocalQuotation } from '@sync/store/registry';
import { defaultSettings } from '@server/db/seed/default-settings';
import { planSaves } from '@/entities/sample';
import { SampleEditPage } from '@/features/samples';

type Target = 'calculation' | 'baseline';

export interface TypingPage {
  /** Starts timing keystrokes on one target; returns nothing. */
  arm(target: Target): void;
  /** Keystrokes timed so far since `arm`. */
  count(): number;
  /** Stops and hands back the keydown → updated-figure times, ms. */
  disarm(): number[];
}

const FIGURE: Record<Target, () => string | null> = {
  calculation: () => (document.querySelector('[data-testid="nho-dose8"]') as HTMLInputElement | null)?.value ?? null,
  baseline: () => document.querySelector('[data-testid="baseline-echo"]')?.textContent ?? null,
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
};
(window as unknown as { typing: TypingPage }).typing = typing;

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

/** A device's store as after the first sync and the plan: the seeded settings, a customer, an approved quotation of one noise unit, its sample. */
async function deviceWithNoiseSample(): Promise<{ db: SyncDatabase; sampleKey: string }> {
  const db = new SyncDatabase(`bench-typing-${Date.now()}`);
  const settings = defaultSettings().map((row, index) => ({ id: index + 1, ...row, created_at: AT, updated_at: AT }));
  await db.write(async (store) => applyServerRecords(store, store.registry.get('settings'), settings, await keysWithEntries(store)));
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
  const quotationKey = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    rows: [{ name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 10 }],
    total: 10,
  });
  const quotation = (await readRecord(db, 'quotations', quotationKey)) as unknown as LocalQuotation;
  const [sampleKey] = await saveRecords(db, planSaves(quotation));
  await saveRecord(db, 'samples', sampleKey!, { memory_field: { initial_time: '08:00', final_time: '13:00', duration: '08:00' } });
  return { db, sampleKey: sampleKey! };
}

async function start() {
  const { db, sampleKey } = await deviceWithNoiseSample();
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <SyncProvider db={db}>
        <Baseline />
        <RouterProvider router={samplePageRouter(sampleKey) as never} />
      </SyncProvider>
    </MantineProvider>,
  );
  document.getElementById('status')!.textContent = 'pronto';
}

void start();
