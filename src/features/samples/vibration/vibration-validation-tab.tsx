/**
 * Validação da medição of a vibration sample: avaliation, exposition
 * ('Sim' or 'Não'), sample type ('Abaixo do normal', 'Normal', 'Acima do
 * normal') and justification.
 */
import { Stack } from '@mantine/core';
import { EXPOSITION_TYPES, YES_NO } from '@sync/contract/samples/block-fields';
import type { VibrationValidation } from '@sync/contract/samples/vibration';
import { FieldGrid, NoteField, OptionField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { VIBRATION_TEXTS } from './vibration-texts';

const T = VIBRATION_TEXTS.validation;

export function VibrationValidationTab({ value, onChange }: TypeTabProps<VibrationValidation>) {
  const set =
    <K extends keyof VibrationValidation>(field: K) =>
    (next: string) =>
      onChange({ ...value, [field]: next as VibrationValidation[K] });
  return (
    <Stack gap="md">
      <NoteField field="validation.avaliation" label={T.avaliation} value={value.avaliation} onChange={set('avaliation')} />
      <FieldGrid>
        <OptionField field="validation.exposition" label={T.exposition} value={value.exposition} onChange={set('exposition')} options={YES_NO} />
        <OptionField
          field="validation.sample_type"
          label={T.sampleType}
          value={value.sample_type}
          onChange={set('sample_type')}
          options={EXPOSITION_TYPES}
        />
      </FieldGrid>
      <NoteField field="validation.justify" label={T.justify} value={value.justify} onChange={set('justify')} />
    </Stack>
  );
}
