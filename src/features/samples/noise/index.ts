/**
 * The noise type's tab contents for the sample page's registry
 * (sample-tabs.ts): the four tabs it fills, by block. Caracterização shows
 * the common fields (../common).
 */
import { normaliseNoiseBlock } from '@sync/contract/samples/noise';
import type { SampleTypeTabs } from '../sample-tab-types';
import { typeTab } from '../type-fields/type-tab';
import { NoiseClassificationTab } from './noise-classification-tab';
import { NoiseMemoryTab } from './noise-memory-tab';
import { NoiseResultTab } from './noise-result-tab';
import { NoiseValidationTab } from './noise-validation-tab';

export { NoiseClassificationTab, NoiseMemoryTab, NoiseResultTab, NoiseValidationTab };
/** @public For the sample page: the computed fields from the other blocks, no tab shown (before Salvar). */
export { deriveNoiseBlocks } from '@sync/contract/samples/noise-derive';

export const NOISE_TABS: Partial<SampleTypeTabs> = {
  memory_field: typeTab(NoiseMemoryTab, (value) => normaliseNoiseBlock('memory_field', value)),
  result: typeTab(NoiseResultTab, (value) => normaliseNoiseBlock('result', value)),
  risk_classification: typeTab(NoiseClassificationTab, (value) => normaliseNoiseBlock('risk_classification', value)),
  validation: typeTab(NoiseValidationTab, (value) => normaliseNoiseBlock('validation', value)),
};
