/**
 * Renders one tab of a sample the way the sample page does: Mantine in test
 * mode, <SyncProvider> on a real local store (fake-indexeddb) holding the
 * settings as the server seeds them (or changed ones), and the tab's block
 * held in state, so every keystroke goes through onChange and back.
 */
import { type ComponentType, useState } from 'react';
import type { SyncDatabase } from '@sync/store/database';
import { defaultSettings } from '@server/db/seed/default-settings';
import type { SampleForTabs, TypeTabProps } from '@/features/samples/type-fields/type-tab-props';
import { renderWithProviders } from '../../support/render';
import { AT, pulled } from '../server-records';

/** The settings as the server seeds them, with `overrides` replacing whole options ({ result_noise: {...} }); `at` is their server time (a later one for a change). */
export async function pullSettings(db: SyncDatabase, overrides: Record<string, unknown> = {}, at = AT): Promise<void> {
  const rows = defaultSettings().map((row, index) => ({
    id: index + 1,
    option: row.option,
    value: row.option in overrides ? JSON.stringify(overrides[row.option]) : row.value,
    created_at: AT,
    updated_at: at,
  }));
  await pulled(db, 'settings', rows);
}

type BlockName = 'memory_field' | 'result' | 'risk_classification' | 'validation';
type AnyTab = ComponentType<TypeTabProps<unknown>>;

function TabHarness({ Tab, initial, sample, report }: { Tab: AnyTab; initial: unknown; sample: SampleForTabs; report: (value: unknown) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Tab
      sample={sample}
      value={value}
      onChange={(next) => {
        report(next);
        setValue(next);
      }}
    />
  );
}

function SampleHarness({
  tabs,
  initial,
  report,
}: {
  tabs: Array<[BlockName, AnyTab]>;
  initial: Record<BlockName, unknown>;
  report: (sample: Record<BlockName, unknown>) => void;
}) {
  const [sample, setSample] = useState(initial);
  return (
    <>
      {tabs.map(([block, Tab]) => (
        <div key={block} data-testid={`tab-${block}`}>
          <Tab
            sample={sample}
            value={sample[block]}
            onChange={(next) =>
              setSample((previous) => {
                const updated = { ...previous, [block]: next };
                report(updated);
                return updated;
              })
            }
          />
        </div>
      ))}
    </>
  );
}

/** One tab with its block held in state; `value()` is the block as the tab last handed it back. */
export async function renderTab<T>(db: SyncDatabase, Tab: ComponentType<TypeTabProps<T>>, initial: T, sample: SampleForTabs = {}) {
  let current = initial;
  await renderWithProviders(
    <TabHarness Tab={Tab as unknown as AnyTab} initial={initial} sample={sample} report={(value) => (current = value as T)} />,
    { db },
  );
  return { value: () => current };
}

/**
 * Several tabs of one sample side by side, as the sample page keeps them:
 * one sample state, each tab given its block and the whole sample, each
 * wrapped in `tab-<block>` for `within`.
 */
export async function renderSampleTabs(db: SyncDatabase, tabs: Partial<Record<BlockName, unknown>>, initial: Record<BlockName, unknown>) {
  let current = initial;
  const list = Object.entries(tabs) as unknown as Array<[BlockName, AnyTab]>;
  await renderWithProviders(<SampleHarness tabs={list} initial={initial} report={(sample) => (current = sample)} />, { db });
  return { sample: () => current };
}
