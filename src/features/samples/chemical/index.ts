/**
 * The chemical type's tab contents for the sample page's registry
 * (sample-tabs.ts): the four tabs it fills, by block. Caracterização shows
 * the common fields (../common).
 */
import { normaliseChemicalBlock } from '@sync/contract/samples/chemical';
import type { SampleTypeTabs } from '../sample-tab-types';
import { typeTab } from '../type-fields/type-tab';
import { ChemicalClassificationTab } from './chemical-classification-tab';
import { ChemicalMemoryTab } from './chemical-memory-tab';
import { ChemicalResultTab } from './chemical-result-tab';
import { ChemicalValidationTab } from './chemical-validation-tab';

export { ChemicalClassificationTab, ChemicalMemoryTab, ChemicalResultTab, ChemicalValidationTab };

export const CHEMICAL_TABS: Partial<SampleTypeTabs> = {
  memory_field: typeTab(ChemicalMemoryTab, (value) => normaliseChemicalBlock('memory_field', value)),
  result: typeTab(ChemicalResultTab, (value) => normaliseChemicalBlock('result', value)),
  risk_classification: typeTab(ChemicalClassificationTab, (value) => normaliseChemicalBlock('risk_classification', value)),
  validation: typeTab(ChemicalValidationTab, (value) => normaliseChemicalBlock('validation', value)),
};
