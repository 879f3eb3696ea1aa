/**
 * Adapts a type's tab to the sample page's registry (sample-tab-types.ts):
 * the stored block (maybe partial: a new sample, an older record) gets its
 * defaults filled in before the tab sees it, and a reader who may not write
 * gets the tab inside a disabled fieldset, so every input is shown and none
 * can be changed.
 */
import type { ComponentType } from 'react';
import type { SampleTabProps } from '../sample-tab-types';
import type { TypeTabProps } from './type-tab-props';

export function typeTab<B extends object>(Tab: ComponentType<TypeTabProps<B>>, normalise: (value: unknown) => B): ComponentType<SampleTabProps> {
  function RegisteredTab({ sample, value, onChange, readOnly }: SampleTabProps) {
    const tab = (
      <Tab sample={sample} value={normalise(value)} readOnly={readOnly} onChange={(next) => onChange(next as unknown as Record<string, unknown>)} />
    );
    if (!readOnly) return tab;
    return (
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {tab}
      </fieldset>
    );
  }
  RegisteredTab.displayName = `TypeTab(${Tab.displayName ?? Tab.name})`;
  return RegisteredTab;
}
