/**
 * Memória de campo of a heat sample: the instrument and calibrator from the
 * equipment on the device, the spec's defaults ('Calor IBUTG', NHO 06), the
 * task rows (a list that always keeps one) whose duration follows their
 * HH:mm times and whose IBUTG follows the readings as they are typed, the
 * EPI rows and the observation. The heat memory has no date of its own, so
 * the calibration is judged against today.
 */
import { Stack, Text, Title } from '@mantine/core';
import { emptyHeatTask, HEAT_METHODS, type HeatMemory, type HeatTaskRow } from '@sync/contract/samples/heat';
import { emptyEpiRow, YES_NO } from '@sync/contract/samples/block-fields';
import { OneRowList } from '@/ui/rows';
import { EpiRows } from '../common';
import { DecimalField, FieldGrid, NoteField, OptionField, TextField, TimeField } from '../type-fields/field-inputs';
import { InstrumentSection } from '../type-fields/instrument-section';
import { measurementDay } from '../type-fields/measurement-date';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { editTask } from '@sync/contract/samples/heat-figures';
import { HEAT_TEXTS } from './heat-texts';

const T = HEAT_TEXTS.memory;

export function HeatMemoryTab({ sample, value, onChange, readOnly = false }: TypeTabProps<HeatMemory>) {
  const set =
    <K extends keyof HeatMemory>(field: K) =>
    (next: HeatMemory[K]) =>
      onChange({ ...value, [field]: next });
  return (
    <Stack gap="lg">
      <Title order={4}>{T.instruments}</Title>
      <InstrumentSection typeId={sample.type_id} block="memory_field" value={value} onChange={onChange} referenceDate={measurementDay(undefined)} />
      <FieldGrid>
        <TextField label={T.medition} value={value.medition} onChange={set('medition')} />
        <TextField label={T.sample} value={value.sample} onChange={set('sample')} />
        <TextField label={T.agent} value={value.agent} onChange={set('agent')} />
        <OptionField label={T.method} value={value.method} onChange={set('method')} options={HEAT_METHODS} clearable={false} />
        <TextField label={T.expositionLimit} value={value.exposition_limit} onChange={set('exposition_limit')} />
      </FieldGrid>
      <Title order={4}>{T.tasks}</Title>
      <OneRowList
        label={T.tasks}
        rows={value.tasks}
        onChange={set('tasks')}
        blank={emptyHeatTask}
        readOnly={readOnly}
        renderRow={(row, index, change) => (
          <Stack gap="xs" style={{ flex: '1 1 100%', minWidth: 0 }}>
            <Text fw={600} size="sm">
              {T.taskTitle(index)}
            </Text>
            <TaskFields row={row} index={index} onEdit={(field, text) => change(editTask(row, field, text))} />
          </Stack>
        )}
      />
      <Title order={4}>{T.epis}</Title>
      <EpiRows
        value={value.epis}
        onChange={(rows) => set('epis')(rows.map((row) => ({ ...emptyEpiRow(), ...row, id: typeof row.id === 'number' ? row.id : null })))}
        readOnly={readOnly}
      />
      <NoteField label={T.observation} value={value.observation} onChange={set('observation')} />
    </Stack>
  );
}

function TaskFields({ row, index, onEdit }: { row: HeatTaskRow; index: number; onEdit: (field: keyof HeatTaskRow, text: string) => void }) {
  const on = (field: keyof HeatTaskRow) => (text: string) => onEdit(field, text);
  const at = (field: keyof HeatTaskRow) => `memory_field.tasks.${index}.${field}`;
  return (
    <FieldGrid>
      <TextField field={at('task')} label={T.task} value={row.task} onChange={on('task')} />
      <TextField field={at('activity_type')} label={T.activityType} value={row.activity_type} onChange={on('activity_type')} />
      <TimeField field={at('initial')} label={T.initial} value={row.initial} onChange={on('initial')} />
      <TimeField field={at('final')} label={T.final} value={row.final} onChange={on('final')} />
      <TimeField
        field={at('duration')}
        input="duration"
        label={T.duration}
        value={row.duration}
        onChange={on('duration')}
        description={row.typed?.includes('duration') ? T.typedByHand : undefined}
      />
      <DecimalField field={at('metabolism')} label={T.metabolism} value={row.metabolism} onChange={on('metabolism')} />
      <DecimalField field={at('ura')} label={T.ura} value={row.ura} onChange={on('ura')} />
      <DecimalField field={at('var')} label={T.var} value={row.var} onChange={on('var')} />
      <OptionField
        field={at('solar_load')}
        label={T.solarLoad}
        value={row.solar_load}
        onChange={on('solar_load')}
        options={YES_NO}
        clearable={false}
      />
      <DecimalField field={at('tbs')} label={T.tbs} value={row.tbs} onChange={on('tbs')} />
      <DecimalField field={at('tbn')} label={T.tbn} value={row.tbn} onChange={on('tbn')} />
      <DecimalField field={at('tg')} label={T.tg} value={row.tg} onChange={on('tg')} />
      <DecimalField
        field={at('ibutg')}
        label={T.ibutg}
        value={row.ibutg}
        onChange={on('ibutg')}
        description={row.typed?.includes('ibutg') ? T.typedByHand : undefined}
      />
    </FieldGrid>
  );
}
