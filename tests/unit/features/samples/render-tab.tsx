/**
 * Renders one tab of a sample the way the sample page does: Mantine in test
 * mode, <SyncProvider> on a real local store (fake-indexeddb) holding the
 * settings as the server seeds them (or changed ones), and the tab's block
 * held in state, so every keystroke goes through onChange and back.
 */
import { type ComponentType, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { SyncProvider } from '@sync/react/context';
import type { SyncDatabase } from '@sync/store/database';
import { defaultSettings } from '@server/db/seed/default-settings';
import type { SampleForTabs, SampleTabProps } from '@/features/samples/type-fields/sample-tab-props';
import { AT, pulled } from '../server-records';

/** The settings as the server seeds them, with `overrides` replacing whole options ({ result_noise: {...} }). */
export async function pullSettings(db: SyncDatabase, overrides: Record<string, unknown> = {}): Promise<void> {
  const rows = defaultSettings().map((row, index) => ({
    id: index + 1,
    option: row.option,
    value: row.option in overrides ? JSON.stringify(overrides[row.option]) : row.value,
    created_at: AT,
    updated_at: AT,
  }));
  await pulled(db, 'settings', rows);
}

export async function renderTab<T>(db: SyncDatabase, Tab: ComponentType<SampleTabProps<T>>, initial: T, sample: SampleForTabs = {}) {
  let current = initial;
  function Harness() {
    const [value, setValue] = useState(initial);
    current = value;
    return (
      <Tab
        sample={sample}
        value={value}
        onChange={(next) => {
          current = next;
          setValue(next);
        }}
      />
    );
  }
  await act(async () => {
    render(
      <MantineProvider env="test">
        <SyncProvider db={db}>
          <Harness />
        </SyncProvider>
      </MantineProvider>,
    );
  });
  return { value: () => current, screen };
}
