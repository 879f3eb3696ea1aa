/**
 * The sample-typing bench page (part `sample-typing`, bench/sample-typing.ts):
 * the noise Resultado tab as the sample page's registry gives it
 * (sampleTabOf('noise', 'result')), with Mantine's styles, on a local store
 * in IndexedDB holding the settings as the server seeds them, the sample
 * kept in React state as the page keeps its draft. Beside it, the baseline:
 * a plain Mantine input whose text is echoed, with no calculation.
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
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { SyncProvider } from '@sync/react/context';
import { SyncDatabase } from '@sync/store/database';
import type { LocalSample } from '@sync/store/registry';
import { defaultSettings } from '@server/db/seed/default-settings';
import { sampleTabOf } from '@/features/samples/sample-tabs';

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

const ResultTab = sampleTabOf('noise', 'result')!;

function Bench() {
  const [sample, setSample] = useState<Partial<LocalSample>>({
    memory_field: { initial_time: '08:00', final_time: '13:00', duration: '08:00' },
    result: {},
  });
  const [echo, setEcho] = useState('');
  return (
    <Stack p="md" maw={768}>
      <TextInput label="Linha de base" data-testid="baseline-input" value={echo} onChange={(event) => setEcho(event.currentTarget.value)} />
      <p data-testid="baseline-echo">{echo}</p>
      <ResultTab
        sample={sample as LocalSample}
        value={(sample.result ?? {}) as Record<string, unknown>}
        onChange={(result) => setSample((current) => ({ ...current, result }))}
        readOnly={false}
        beforeCamera={async () => {}}
      />
    </Stack>
  );
}

async function start() {
  const db = new SyncDatabase(`bench-typing-${Date.now()}`);
  const settings = defaultSettings().map((row, index) => ({
    id: index + 1,
    ...row,
    created_at: '2026-11-25T00:00:00.000Z',
    updated_at: '2026-11-25T00:00:00.000Z',
  }));
  await db.write(async (store) => applyServerRecords(store, store.registry.get('settings'), settings, await keysWithEntries(store)));
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <SyncProvider db={db}>
        <Bench />
      </SyncProvider>
    </MantineProvider>,
  );
  document.getElementById('status')!.textContent = 'pronto';
}

void start();
