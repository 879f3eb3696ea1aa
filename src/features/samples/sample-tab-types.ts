/**
 * What a sample type's tab contents receive (the frame in sample-edit-page
 * renders them): the sample as it is now on the device, the block the tab
 * edits, and `onChange(next)` with the whole new block. Every change is
 * kept on the device at once (the draft), so a tab keeps no state of its
 * own that a reload could lose.
 *
 * A type module (noise/, heat/, chemical/, vibration/) exports a
 * `Partial<SampleTypeTabs>`: the tabs it fills; the others show 'Em breve'.
 */
import type { ComponentType } from 'react';
import type { SampleBlock, SampleBlockName } from '@sync/contract/samples';
import type { LocalSample } from '@sync/react';
import type { ClearRule, RequiredField } from '@/domain/form-paths';

export interface SampleTabProps<B extends SampleBlock = SampleBlock> {
  /** The sample with the draft applied (every block as typed so far). */
  sample: LocalSample;
  /** This tab's block. */
  value: B;
  onChange(next: B): void;
  /** True for readers who may not write (customer-type users, a sample past its draft): show, never edit. */
  readOnly: boolean;
  /**
   * Waiting for the laboratory (issue 28): only the laboratory's fields of
   * the result rows may change (LAB_RESULT_FIELDS); a tab without such
   * fields is never given it (it is read-only then).
   */
  labOnly?: boolean;
  /**
   * Called before the camera opens (samples-photos): flushes the draft and
   * the current tab to the device, because the browser may kill the page
   * while the camera app runs.
   */
  beforeCamera(): Promise<void>;
}

/** A type's tab contents, by block. */
export type SampleTypeTabs = Record<SampleBlockName, ComponentType<SampleTabProps>>;

/** The five tabs in order, with the spec's titles. */
export const SAMPLE_TABS: ReadonlyArray<{ block: SampleBlockName; title: string }> = [
  { block: 'caracterization', title: 'Caracterização' },
  { block: 'memory_field', title: 'Memória de campo' },
  { block: 'result', title: 'Resultado' },
  { block: 'risk_classification', title: 'Classificação de risco' },
  { block: 'validation', title: 'Validação da medição' },
];

/**
 * A type's rules, declared once per type (noise/noise-rules.ts, heat/…):
 * the required fields (tab marks, 'Verificar', the asterisks on the form)
 * and what 'Duplicar amostra' clears (docs/decisions/samples-flow.md).
 */
export interface SampleTypeRules {
  required: readonly RequiredField[];
  cleared: ClearRule;
  /** A new sample's block: the value a cleared field returns to. */
  emptyBlock(block: SampleBlockName): Record<string, unknown>;
}
