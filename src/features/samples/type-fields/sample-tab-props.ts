/**
 * What a type's tab receives from the sample page (the tab registry,
 * sample-tabs.ts): the sample being edited, the tab's block as typed, and
 * the callback that takes the next block. The tabs read other blocks of the
 * sample (a result computed from the field memory) from `sample`.
 */
export interface SampleForTabs {
  memory_field?: unknown;
  result?: unknown;
  risk_classification?: unknown;
  validation?: unknown;
}

export interface SampleTabProps<T> {
  sample: SampleForTabs;
  value: T;
  onChange: (next: T) => void;
}
