/** The heat (IBUTG) sample's tabs (Caracterização is common to every type), for the sample page's tab registry. */
export { HeatMemoryTab } from './heat-memory-tab';
export { HeatResultTab } from './heat-result-tab';
export { HeatClassificationTab } from './heat-classification-tab';
export { HeatValidationTab } from './heat-validation-tab';
