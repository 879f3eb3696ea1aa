/** The noise sample's tabs (Caracterização is common to every type), for the sample page's tab registry. */
export { NoiseMemoryTab } from './noise-memory-tab';
export { NoiseResultTab } from './noise-result-tab';
export { NoiseClassificationTab } from './noise-classification-tab';
export { NoiseValidationTab } from './noise-validation-tab';
