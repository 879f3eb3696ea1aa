/**
 * What every sample type shares on its tabs: the caracterization's common
 * fields, the EPI rows, and the photos' slot (samples-photos).
 */
export { CaracterizationFields, CARACTERIZATION_LABELS, type CaracterizationFieldsProps } from './caracterization-fields';
export { EpiRows, EPI_LABELS, blankEpi, type EpiRow } from './epi-rows';
export { SamplePhotosSlot, type SamplePhotosSlotProps } from './sample-photos-slot';
