/**
 * The instrument and calibrator pickers of a sample's field memory (spec
 * samples.md sections 4 and 7: equipment of type 'instrumento' or
 * 'calibrador'). Choosing one copies its name, serial number, calibration
 * certificate and expiry date into the sample; choosing nothing clears
 * them. The list is the equipment kept on the device, so it works offline.
 *
 * The sample keeps copies, not a reference: the copied fields are what the
 * report prints even if the equipment is recalibrated later. So the chosen
 * option is found again by name and serial number, and a copy whose
 * equipment is gone from the device still shows.
 *
 * The equipment the technician used last in a sample of the same type
 * (`suggested`, recent-instruments.ts) is offered first, under 'Usado por
 * último': the first suggestion still on the device. It is only offered,
 * never chosen for them.
 */
import { Select, Stack } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalEquipment } from '@sync/react';
import { formatDateBR } from '@/domain/dates';
import { CalibrationNotice } from './calibration-notice';
import { type EquipmentOption, equipmentOptions } from './equipment-options';
import type { UsedEquipment } from './recent-instruments';

export type CalibrationEquipmentType = 'instrumento' | 'calibrador';

/** What a sample keeps of the chosen equipment; the expiry date as DD/MM/YYYY. */
export type CalibrationCopy = { name: string; serie: string; certificate: string; validity: string };

export const EMPTY_CALIBRATION_COPY: CalibrationCopy = { name: '', serie: '', certificate: '', validity: '' };

export const CALIBRATION_PICKER_TEXTS = {
  placeholder: 'Selecione um equipamento',
  nothingFound: 'Nenhum equipamento encontrado',
  lastUsed: 'Usado por último',
  others: 'Outros equipamentos',
} as const;

const SAVED = '__saved__';
const NO_SUGGESTIONS: readonly UsedEquipment[] = [];

export function calibrationCopy(equipment: LocalEquipment | null | undefined): CalibrationCopy {
  if (!equipment) return { ...EMPTY_CALIBRATION_COPY };
  return {
    name: equipment.name,
    serie: equipment.serial_number ?? '',
    certificate: equipment.calibration_certificate ?? '',
    validity: formatDateBR(equipment.expiration_date),
  };
}

export interface CalibrationPickerProps {
  type: CalibrationEquipmentType;
  label: string;
  value: CalibrationCopy;
  onChange: (copy: CalibrationCopy) => void;
  /** The day the measurement was taken (YYYY-MM-DD): the expiry is judged against it. */
  referenceDate: string;
  /** The form's required mark and field path (the sample page's 'Verificar' jumps to it). */
  mark?: { 'data-field'?: string; 'aria-required'?: boolean; labelProps?: Record<string, string> };
  /** Equipment used last, the most recent first: the first one on the device is offered at the top. */
  suggested?: readonly UsedEquipment[];
}

type PickerData = Array<EquipmentOption | { group: string; items: EquipmentOption[] }>;

/** The first suggestion on the device, found as a saved copy is (name and serial number). */
function lastUsedKey(rows: readonly LocalEquipment[], suggested: readonly UsedEquipment[]): string | undefined {
  for (const used of suggested) {
    const row = rows.find((item) => item.name === used.name && (item.serial_number ?? '') === used.serie);
    if (row) return row.key;
  }
  return undefined;
}

/** The options, the first suggestion found among the rows on top under its own heading. */
function pickerData(rows: readonly LocalEquipment[], referenceDate: string, suggested: readonly UsedEquipment[]): PickerData {
  const options = equipmentOptions(rows, referenceDate);
  const key = lastUsedKey(rows, suggested);
  if (key === undefined) return options;
  const rest = options.filter((option) => option.value !== key);
  const data: PickerData = [{ group: CALIBRATION_PICKER_TEXTS.lastUsed, items: options.filter((option) => option.value === key) }];
  if (rest.length > 0) data.push({ group: CALIBRATION_PICKER_TEXTS.others, items: rest });
  return data;
}

export function CalibrationPicker({ type, label, value, onChange, referenceDate, mark, suggested = NO_SUGGESTIONS }: CalibrationPickerProps) {
  const list = useLocalList('equipment');
  const rows = list.loading ? [] : list.rows.filter((row) => row.type === type);
  const chosen = rows.find((row) => row.name === value.name && (row.serial_number ?? '') === value.serie);
  const data = pickerData(rows, referenceDate, suggested);
  if (!chosen && value.name.trim() !== '') data.unshift({ value: SAVED, label: value.serie ? `${value.name} (nº ${value.serie})` : value.name });
  return (
    <Stack gap={4}>
      <Select
        {...mark}
        label={label}
        placeholder={CALIBRATION_PICKER_TEXTS.placeholder}
        nothingFoundMessage={CALIBRATION_PICKER_TEXTS.nothingFound}
        searchable
        clearable
        size="md"
        comboboxProps={{ withinPortal: true }}
        data={data}
        value={chosen ? chosen.key : value.name.trim() !== '' ? SAVED : null}
        onChange={(key) => {
          if (key === SAVED) return;
          onChange(calibrationCopy(key === null ? null : rows.find((row) => row.key === key)));
        }}
      />
      <CalibrationNotice name={value.name} validity={value.validity} referenceDate={referenceDate} />
    </Stack>
  );
}
