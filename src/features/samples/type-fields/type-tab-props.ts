/**
 * What the noise and heat tabs receive once type-tab.tsx has adapted the
 * registry's props (sample-tab-types.ts): the sample, the tab's block with
 * every field present (defaults filled in), and the callback that takes the
 * next block. The tabs read other blocks of the sample (a result computed
 * from the field memory) from `sample`.
 */
export interface SampleForTabs {
  type_id?: number;
  memory_field?: unknown;
  result?: unknown;
  risk_classification?: unknown;
  validation?: unknown;
}

export interface TypeTabProps<T> {
  sample: SampleForTabs;
  value: T;
  onChange: (next: T) => void;
  /** A reader who may not write: lists hide their add and remove icons (the fieldset of type-tab.tsx disables the rest). */
  readOnly?: boolean;
  /** Only the laboratory's fields may change (the chemical Resultado while waiting for the laboratory): the tab disables the rest. */
  labOnly?: boolean;
}
