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
import { editTask } from './heat-fill';
import { HEAT_TEXTS } from './heat-texts';

const T = HEAT_TEXTS.memory;

export function HeatMemoryTab({ value, onChange, readOnly = false }: TypeTabProps<HeatMemory>) {
  const set =
    <K extends keyof HeatMemory>(field: K) =>
    (next: HeatMemory[K]) =>
      onChange({ ...value, [field]: next });
  return (
    <Stack gap="lg">
      <Title order={4}>{T.instruments}</Title>
      <InstrumentSection block={value} onChange={onChange} referenceDate={measurementDay(undefined)} />
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
            <TaskFields row={row} onEdit={(field, text) => change(editTask(row, field, text))} />
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

function TaskFields({ row, onEdit }: { row: HeatTaskRow; onEdit: (field: keyof HeatTaskRow, text: string) => void }) {
  const on = (field: keyof HeatTaskRow) => (text: string) => onEdit(field, text);
  return (
    <FieldGrid>
      <TextField label={T.task} value={row.task} onChange={on('task')} />
      <TextField label={T.activityType} value={row.activity_type} onChange={on('activity_type')} />
      <TimeField label={T.initial} value={row.initial} onChange={on('initial')} />
      <TimeField label={T.final} value={row.final} onChange={on('final')} />
      <TimeField label={T.duration} value={row.duration} onChange={on('duration')} />
      <DecimalField label={T.metabolism} value={row.metabolism} onChange={on('metabolism')} />
      <DecimalField label={T.ura} value={row.ura} onChange={on('ura')} />
      <DecimalField label={T.var} value={row.var} onChange={on('var')} />
      <OptionField label={T.solarLoad} value={row.solar_load} onChange={on('solar_load')} options={YES_NO} clearable={false} />
      <DecimalField label={T.tbs} value={row.tbs} onChange={on('tbs')} />
      <DecimalField label={T.tbn} value={row.tbn} onChange={on('tbn')} />
      <DecimalField label={T.tg} value={row.tg} onChange={on('tg')} />
      <DecimalField label={T.ibutg} value={row.ibutg} onChange={on('ibutg')} />
    </FieldGrid>
  );
}
