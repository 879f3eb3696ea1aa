/** Validação da medição of a noise sample: avaliation, exposition (Sim or Não), exposition type, justification. */
import { Stack } from '@mantine/core';
import { EXPOSITION_TYPES, YES_NO } from '@sync/contract/samples/block-fields';
import type { NoiseValidation } from '@sync/contract/samples/noise';
import { FieldGrid, NoteField, OptionField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { NOISE_TEXTS } from './noise-texts';

const T = NOISE_TEXTS.validation;

export function NoiseValidationTab({ value, onChange }: TypeTabProps<NoiseValidation>) {
  return (
    <Stack gap="md">
      <NoteField
        field="validation.avaliation"
        label={T.avaliation}
        value={value.avaliation}
        onChange={(avaliation) => onChange({ ...value, avaliation })}
      />
      <FieldGrid>
        <OptionField
          field="validation.exposition"
          label={T.exposition}
          value={value.exposition}
          onChange={(exposition) => onChange({ ...value, exposition: exposition as NoiseValidation['exposition'] })}
          options={YES_NO}
        />
        <OptionField
          field="validation.exposition_type"
          label={T.expositionType}
          value={value.exposition_type}
          onChange={(exposition_type) => onChange({ ...value, exposition_type: exposition_type as NoiseValidation['exposition_type'] })}
          options={EXPOSITION_TYPES}
        />
      </FieldGrid>
      <NoteField field="validation.justify" label={T.justify} value={value.justify} onChange={(justify) => onChange({ ...value, justify })} />
    </Stack>
  );
}
