/**
 * Memória de campo of a vibration sample: the instrument and calibrator from
 * the equipment on the device (calibration judged on the measurement's
 * date), the vibration type with the spec's rule (whole body → NHO 09,
 * AREN/VDVR; hands and arms → NHO 10, AREN, no secondary criterion) and
 * proposed from the agent while none is chosen, the exposure (component,
 * times, cycle, repetitions), the vibration source and its machine, the
 * measurements (a list that always keeps one: each component's times, the
 * acceleration and, for whole body, the VDV of each axis, with its arep and
 * VDV computed as typed), the EPI rows and the observation.
 */
import { useEffect } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { emptyEpiRow } from '@sync/contract/samples/block-fields';
import { emptyVibrationMeasurement, type VibrationMeasurement, type VibrationMemory } from '@sync/contract/samples/vibration';
import { chooseVibrationType, fillVibrationMemory } from '@sync/contract/samples/vibration-figures';
import { SECONDARY_CRITERION, VIBRATION_CRITERIA, VIBRATION_METHODS, VIBRATION_TYPES, vibrationKind } from '@/domain/vibration';
import { DateInputBR } from '@/ui/inputs';
import { OneRowList } from '@/ui/rows';
import { EpiRows } from '../common';
import { ComputedField, CountField, DecimalField, FieldGrid, NoteField, OptionField, TextField, TimeField } from '../type-fields/field-inputs';
import { InstrumentSection } from '../type-fields/instrument-section';
import { measurementDay } from '../type-fields/measurement-date';
import { useFieldMark } from '../type-fields/required-mark';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { VIBRATION_TEXTS } from './vibration-texts';

const T = VIBRATION_TEXTS.memory;

export function VibrationMemoryTab({ sample, value, onChange, readOnly = false }: TypeTabProps<VibrationMemory>) {
  // The type proposed from the agent and the measurements' figures, as the derivation gives them.
  const filled = fillVibrationMemory(value);
  useEffect(() => {
    if (!readOnly && filled !== value) onChange(filled);
  });
  const update = (next: VibrationMemory) => onChange(fillVibrationMemory(next));
  const set =
    <K extends keyof VibrationMemory>(field: K) =>
    (next: VibrationMemory[K]) =>
      update({ ...filled, [field]: next });
  const dateMark = useFieldMark('memory_field.data');
  const wholeBody = vibrationKind(filled.vibration_type) === 'whole-body';
  return (
    <Stack gap="lg">
      <Title order={4}>{T.instruments}</Title>
      <InstrumentSection typeId={sample.type_id} block="memory_field" value={filled} onChange={update} referenceDate={measurementDay(filled.data)} />
      <FieldGrid>
        <DateInputBR {...dateMark} size="md" label={T.data} value={filled.data} onChange={set('data')} />
        <TextField label={T.medition} value={filled.medition} onChange={set('medition')} />
        <TextField label={T.times} value={filled.times} onChange={set('times')} />
        <TextField label={T.agent} value={filled.agent} onChange={set('agent')} />
      </FieldGrid>

      <Title order={4}>{T.typeTitle}</Title>
      <FieldGrid>
        <OptionField
          field="memory_field.vibration_type"
          label={T.vibrationType}
          value={filled.vibration_type}
          onChange={(type) => update(chooseVibrationType(filled, type))}
          options={VIBRATION_TYPES}
          clearable={false}
        />
        <OptionField label={T.method} value={filled.method} onChange={set('method')} options={VIBRATION_METHODS} clearable={false} />
        <OptionField label={T.criterion} value={filled.criterion} onChange={set('criterion')} options={VIBRATION_CRITERIA} clearable={false} />
        <OptionField label={T.criterion1} value={filled.criterion_1} onChange={set('criterion_1')} options={[SECONDARY_CRITERION]} />
      </FieldGrid>
      <Text size="sm" c="dimmed">
        {T.typeRule}
      </Text>

      <Title order={4}>{T.exposureTitle}</Title>
      <FieldGrid>
        <TextField label={T.component} value={filled.component} onChange={set('component')} />
        <TimeField field="memory_field.exposition_time" label={T.expositionTime} value={filled.exposition_time} onChange={set('exposition_time')} />
        <TimeField field="memory_field.cycle" label={T.cycle} value={filled.cycle} onChange={set('cycle')} />
        <CountField field="memory_field.repeat_number" label={T.repeatNumber} value={filled.repeat_number} onChange={set('repeat_number')} />
        <TimeField field="memory_field.sample_time" label={T.sampleTime} value={filled.sample_time} onChange={set('sample_time')} />
      </FieldGrid>

      <Title order={4}>{T.sourceTitle}</Title>
      <FieldGrid>
        <TextField label={T.vibrationFont} value={filled.vibration_font} onChange={set('vibration_font')} />
        <TextField label={T.frequency} value={filled.frequency} onChange={set('frequency')} />
        <TextField label={T.brand} value={filled.brand} onChange={set('brand')} />
        <TextField label={T.model} value={filled.model} onChange={set('model')} />
        <CountField field="memory_field.equipment_year" label={T.equipmentYear} value={filled.equipment_year} onChange={set('equipment_year')} />
        <TextField label={T.bankType} value={filled.bank_type} onChange={set('bank_type')} />
        <TextField label={T.tireType} value={filled.tire_type} onChange={set('tire_type')} />
        <TextField label={T.floorType} value={filled.floor_type} onChange={set('floor_type')} />
        <TextField label={T.operatingSpeed} value={filled.operating_speed} onChange={set('operating_speed')} />
      </FieldGrid>

      <Title order={4}>{T.measurements}</Title>
      <Text size="sm" c="dimmed">
        {T.measurementsHint}
      </Text>
      <OneRowList
        label={T.measurements}
        rows={filled.measurements}
        onChange={set('measurements')}
        blank={emptyVibrationMeasurement}
        readOnly={readOnly}
        renderRow={(row, index, change) => (
          <Stack gap="xs" style={{ flex: '1 1 100%', minWidth: 0 }}>
            <Text fw={600} size="sm">
              {T.measurementTitle(index)}
            </Text>
            <MeasurementFields row={row} index={index} wholeBody={wholeBody} onEdit={(field, text) => change({ [field]: text })} />
          </Stack>
        )}
      />

      <Title order={4}>{T.epis}</Title>
      <EpiRows
        value={filled.epis}
        onChange={(rows) => set('epis')(rows.map((row) => ({ ...emptyEpiRow(), ...row, id: typeof row.id === 'number' ? row.id : null })))}
        readOnly={readOnly}
      />
      <NoteField label={T.observation} value={filled.observation} onChange={set('observation')} />
    </Stack>
  );
}

type MeasurementField = Exclude<keyof VibrationMeasurement, 'row_id' | 'vdv_exp'>;

function MeasurementFields({
  row,
  index,
  wholeBody,
  onEdit,
}: {
  row: VibrationMeasurement;
  index: number;
  wholeBody: boolean;
  onEdit: (field: MeasurementField, text: string) => void;
}) {
  const on = (field: MeasurementField) => (text: string) => onEdit(field, text);
  const at = (field: keyof VibrationMeasurement) => `memory_field.measurements.${index}.${field}`;
  const axesTyped = [row.ax, row.ay, row.az].some((axis) => axis.trim() !== '');
  const decimal = (field: 'ax' | 'ay' | 'az' | 'vdv_x' | 'vdv_y' | 'vdv_z', label: string) => (
    <DecimalField field={at(field)} label={label} value={row[field]} onChange={on(field)} />
  );
  return (
    <FieldGrid>
      <TextField field={at('name')} label={T.name} value={row.name} onChange={on('name')} />
      <TimeField field={at('exposure_time')} label={T.exposureTime} value={row.exposure_time} onChange={on('exposure_time')} />
      <TimeField field={at('measured_time')} label={T.measuredTime} value={row.measured_time} onChange={on('measured_time')} />
      {decimal('ax', T.ax)}
      {decimal('ay', T.ay)}
      {decimal('az', T.az)}
      {axesTyped ? (
        <ComputedField field={at('arep')} label={T.arep} value={row.arep} criterion={T.arepFromAxes} testId={`vibration-arep-${index}`} />
      ) : (
        <DecimalField field={at('arep')} label={T.arep} value={row.arep} onChange={on('arep')} description={T.arepTyped} />
      )}
      {wholeBody ? (
        <>
          {decimal('vdv_x', T.vdvX)}
          {decimal('vdv_y', T.vdvY)}
          {decimal('vdv_z', T.vdvZ)}
          <ComputedField field={at('vdv_exp')} label={T.vdvExp} value={row.vdv_exp} criterion={T.vdvExpHow} testId={`vibration-vdv-exp-${index}`} />
        </>
      ) : null}
    </FieldGrid>
  );
}
