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
 */
import { Select, Stack } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalEquipment } from '@sync/store/registry/catalog-records';
import { formatDateBR } from '@/domain/dates';
import { CalibrationNotice } from './calibration-notice';
import { equipmentOptions } from './equipment-options';

export type CalibrationEquipmentType = 'instrumento' | 'calibrador';

/** What a sample keeps of the chosen equipment; the expiry date as DD/MM/YYYY. */
export type CalibrationCopy = { name: string; serie: string; certificate: string; validity: string };

export const EMPTY_CALIBRATION_COPY: CalibrationCopy = { name: '', serie: '', certificate: '', validity: '' };

export const CALIBRATION_PICKER_TEXTS = {
  placeholder: 'Selecione um equipamento',
  nothingFound: 'Nenhum equipamento encontrado',
} as const;

const SAVED = '__saved__';

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
}

export function CalibrationPicker({ type, label, value, onChange, referenceDate, mark }: CalibrationPickerProps) {
  const list = useLocalList('equipment');
  const rows = list.loading ? [] : list.rows.filter((row) => row.type === type);
  const chosen = rows.find((row) => row.name === value.name && (row.serial_number ?? '') === value.serie);
  const data = equipmentOptions(rows, referenceDate);
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
