/**
 * Memória de campo of a noise sample: the instrument and calibrator from
 * the equipment on the device, the date, the spec's options and defaults
 * ('Ruído ocupacional', 'NHO 01', 'NR 15 Anexo 1'), the HH:mm times that
 * give the measured time, the calibration readings, the task and journey,
 * the EPI rows and the observation.
 */
import { Stack, Title } from '@mantine/core';
import { emptyEpiRow } from '@sync/contract/samples/block-fields';
import { NOISE_EXPOSITION_LIMITS, NOISE_METHODS, NOISE_TYPES, type NoiseMemory } from '@sync/contract/samples/noise';
import { DateInputBR } from '@/ui/inputs';
import { EpiRows } from '../common';
import { DecimalField, FieldGrid, NoteField, OptionField, TextField, TimeField } from '../type-fields/field-inputs';
import { InstrumentSection } from '../type-fields/instrument-section';
import { useFieldMark } from '../type-fields/required-mark';
import { measurementDay } from '../type-fields/measurement-date';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { NOISE_TEXTS } from './noise-texts';

const T = NOISE_TEXTS.memory;

export function NoiseMemoryTab({ sample, value, onChange, readOnly = false }: TypeTabProps<NoiseMemory>) {
  const set =
    <K extends keyof NoiseMemory>(field: K) =>
    (next: NoiseMemory[K]) =>
      onChange({ ...value, [field]: next });
  const dateMark = useFieldMark('memory_field.data');
  return (
    <Stack gap="lg">
      <Title order={4}>{T.instruments}</Title>
      <InstrumentSection typeId={sample.type_id} block="memory_field" value={value} onChange={onChange} referenceDate={measurementDay(value.data)} />
      <FieldGrid>
        <DateInputBR {...dateMark} size="md" label={T.data} value={value.data} onChange={set('data')} />
        <TextField label={T.sample} value={value.sample} onChange={set('sample')} />
        <TextField label={T.medition} value={value.medition} onChange={set('medition')} />
        <TextField label={T.agent} value={value.agent} onChange={set('agent')} />
        <OptionField label={T.noiseType} value={value.noise_type} onChange={set('noise_type')} options={NOISE_TYPES} clearable={false} />
        <OptionField label={T.method} value={value.method} onChange={set('method')} options={NOISE_METHODS} clearable={false} />
        <OptionField
          label={T.expositionLimit}
          value={value.exposition_limit}
          onChange={set('exposition_limit')}
          options={NOISE_EXPOSITION_LIMITS}
          clearable={false}
        />
      </FieldGrid>
      <Title order={4}>{T.times}</Title>
      <FieldGrid>
        <TimeField field="memory_field.initial_time" label={T.initialTime} value={value.initial_time} onChange={set('initial_time')} />
        <TimeField field="memory_field.final_time" label={T.finalTime} value={value.final_time} onChange={set('final_time')} />
        <TimeField
          field="memory_field.interval_initial"
          label={T.intervalInitial}
          value={value.interval_initial}
          onChange={set('interval_initial')}
        />
        <TimeField field="memory_field.interval_final" label={T.intervalFinal} value={value.interval_final} onChange={set('interval_final')} />
        <DecimalField
          field="memory_field.initial_calibration"
          label={T.initialCalibration}
          value={value.initial_calibration}
          onChange={set('initial_calibration')}
        />
        <DecimalField
          field="memory_field.final_calibration"
          label={T.finalCalibration}
          value={value.final_calibration}
          onChange={set('final_calibration')}
        />
        <TextField label={T.task} value={value.task} onChange={set('task')} />
        <TimeField field="memory_field.duration" input="duration" label={T.duration} value={value.duration} onChange={set('duration')} />
      </FieldGrid>
      <Title order={4}>{T.epis}</Title>
      <EpiRows
        value={value.epis}
        onChange={(rows) =>
          onChange({ ...value, epis: rows.map((row) => ({ ...emptyEpiRow(), ...row, id: typeof row.id === 'number' ? row.id : null })) })
        }
        readOnly={readOnly}
      />
      <NoteField label={T.observation} value={value.observation} onChange={set('observation')} />
    </Stack>
  );
}
