/**
 * The vibration type's tab contents (whole body NHO 09, hands and arms
 * NHO 10) for the sample page's registry (sample-tabs.ts): the four tabs it
 * fills, by block. Caracterização shows the common fields (../common).
 */
import { normaliseVibrationBlock } from '@sync/contract/samples/vibration';
import type { SampleTypeTabs } from '../sample-tab-types';
import { typeTab } from '../type-fields/type-tab';
import { VibrationClassificationTab } from './vibration-classification-tab';
import { VibrationMemoryTab } from './vibration-memory-tab';
import { VibrationResultTab } from './vibration-result-tab';
import { VibrationValidationTab } from './vibration-validation-tab';

export { VibrationClassificationTab, VibrationMemoryTab, VibrationResultTab, VibrationValidationTab };

export const VIBRATION_TABS: Partial<SampleTypeTabs> = {
  memory_field: typeTab(VibrationMemoryTab, (value) => normaliseVibrationBlock('memory_field', value)),
  result: typeTab(VibrationResultTab, (value) => normaliseVibrationBlock('result', value)),
  risk_classification: typeTab(VibrationClassificationTab, (value) => normaliseVibrationBlock('risk_classification', value)),
  validation: typeTab(VibrationValidationTab, (value) => normaliseVibrationBlock('validation', value)),
};
