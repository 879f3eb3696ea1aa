/**
 * The heat (IBUTG) type's tab contents for the sample page's registry
 * (sample-tabs.ts): the four tabs it fills, by block. Caracterização shows
 * the common fields (../common).
 */
import { normaliseHeatBlock } from '@sync/contract/samples/heat';
import type { SampleTypeTabs } from '../sample-tab-types';
import { typeTab } from '../type-fields/type-tab';
import { HeatClassificationTab } from './heat-classification-tab';
import { HeatMemoryTab } from './heat-memory-tab';
import { HeatResultTab } from './heat-result-tab';
import { HeatValidationTab } from './heat-validation-tab';

export { HeatClassificationTab, HeatMemoryTab, HeatResultTab, HeatValidationTab };
/** @public For the sample page: the computed fields from the other blocks, no tab shown (before Salvar). */
export { deriveHeatBlocks } from '@sync/contract/samples/heat-derive';

export const HEAT_TABS: Partial<SampleTypeTabs> = {
  memory_field: typeTab(HeatMemoryTab, (value) => normaliseHeatBlock('memory_field', value)),
  result: typeTab(HeatResultTab, (value) => normaliseHeatBlock('result', value)),
  risk_classification: typeTab(HeatClassificationTab, (value) => normaliseHeatBlock('risk_classification', value)),
  validation: typeTab(HeatValidationTab, (value) => normaliseHeatBlock('validation', value)),
};
