/**
 * Validação da medição of a heat sample: avaliation, exposition (Sim or
 * Não), sample type, justification, the initial and final tbs/tbn/tg
 * readings, the stabilization and the equipment.
 */
import { Stack, Title } from '@mantine/core';
import { EXPOSITION_TYPES, YES_NO } from '@sync/contract/samples/block-fields';
import type { HeatValidation } from '@sync/contract/samples/heat';
import { DecimalField, FieldGrid, NoteField, OptionField, TextField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { HEAT_TEXTS } from './heat-texts';

const T = HEAT_TEXTS.validation;

export function HeatValidationTab({ value, onChange }: TypeTabProps<HeatValidation>) {
  const set =
    <K extends keyof HeatValidation>(field: K) =>
    (next: string) =>
      onChange({ ...value, [field]: next as HeatValidation[K] });
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
      <Title order={5}>{T.initial}</Title>
      <FieldGrid>
        <DecimalField field="validation.initial_tbs" label={T.readings.initial_tbs} value={value.initial_tbs} onChange={set('initial_tbs')} />
        <DecimalField field="validation.initial_tbn" label={T.readings.initial_tbn} value={value.initial_tbn} onChange={set('initial_tbn')} />
        <DecimalField field="validation.initial_tg" label={T.readings.initial_tg} value={value.initial_tg} onChange={set('initial_tg')} />
      </FieldGrid>
      <Title order={5}>{T.final}</Title>
      <FieldGrid>
        <DecimalField field="validation.final_tbs" label={T.readings.final_tbs} value={value.final_tbs} onChange={set('final_tbs')} />
        <DecimalField field="validation.final_tbn" label={T.readings.final_tbn} value={value.final_tbn} onChange={set('final_tbn')} />
        <DecimalField field="validation.final_tg" label={T.readings.final_tg} value={value.final_tg} onChange={set('final_tg')} />
      </FieldGrid>
      <FieldGrid>
        <TextField field="validation.stabilization" label={T.stabilization} value={value.stabilization} onChange={set('stabilization')} />
        <TextField field="validation.equipment" label={T.equipment} value={value.equipment} onChange={set('equipment')} />
      </FieldGrid>
    </Stack>
  );
}
