/**
 * Adapts a type's tab to the sample page's registry (sample-tab-types.ts):
 * the stored block (maybe partial: a new sample, an older record) gets its
 * defaults filled in before the tab sees it, and a reader who may not write
 * gets the tab inside a disabled fieldset, so every input is shown and none
 * can be changed. A tab open to the laboratory's fields only (`labOnly`)
 * disables the others itself: a nested fieldset cannot enable an input.
 *
 * The page keeps its five tabs mounted and hands each a new `sample` on
 * every keystroke. A type's tab reads only its own block and the field
 * memory and result from the sample, so it renders again only when one of
 * those changed: typing in one tab does not re-render the other four (the
 * keystroke bench, part sample-typing, measures this path). The latest
 * `onChange` is always the one called.
 */
import { type ComponentType, memo, useRef } from 'react';
import type { SampleTabProps } from '../sample-tab-types';
import type { TypeTabProps } from './type-tab-props';

function sameInputs(previous: SampleTabProps, next: SampleTabProps): boolean {
  return (
    previous.value === next.value &&
    previous.readOnly === next.readOnly &&
    previous.labOnly === next.labOnly &&
    previous.sample.memory_field === next.sample.memory_field &&
    previous.sample.result === next.sample.result
  );
}

export function typeTab<B extends object>(Tab: ComponentType<TypeTabProps<B>>, normalise: (value: unknown) => B): ComponentType<SampleTabProps> {
  function RegisteredTab({ sample, value, onChange, readOnly, labOnly }: SampleTabProps) {
    const latest = useRef(onChange);
    latest.current = onChange;
    const tab = (
      <Tab
        sample={sample}
        value={normalise(value)}
        readOnly={readOnly}
        labOnly={labOnly === true}
        onChange={(next) => latest.current(next as unknown as Record<string, unknown>)}
      />
    );
    if (!readOnly) return tab;
    return (
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {tab}
      </fieldset>
    );
  }
  const registered = memo(RegisteredTab, sameInputs);
  registered.displayName = `TypeTab(${Tab.displayName ?? Tab.name})`;
  return registered;
}
