/**
 * The instrument and the calibrator of a field memory (all types): each
 * picked from the equipment on the device, its name, serial number,
 * certificate and expiry date copied into the block (and cleared when
 * nothing is chosen), shown read-only, with the calibration warning judged
 * on the day of the measurement. The instrument and the calibrator this
 * technician used last in a sample of the same type are offered first in
 * their pickers (read once per opening: last-used-equipment.tsx), never
 * filled in for them.
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { CalibrationPicker, type CalibrationCopy, type RecentEquipment } from '@/entities/equipment';
import { FieldGrid, TextField } from './field-inputs';
import { LastUsedReader } from './last-used-equipment';
import { useFieldMark } from './required-mark';
import { TYPE_FIELD_TEXTS as T } from './type-field-texts';

export type InstrumentFields = {
  instrument: string;
  instrument_serie: string;
  instrument_certificate: string;
  instrument_validity: string;
  gauge: string;
  gauge_serie: string;
  gauge_certificate: string;
  gauge_validity: string;
};

function copyOf(block: InstrumentFields, prefix: 'instrument' | 'gauge'): CalibrationCopy {
  return {
    name: block[prefix],
    serie: block[`${prefix}_serie`],
    certificate: block[`${prefix}_certificate`],
    validity: block[`${prefix}_validity`],
  };
}

function fieldsOf(prefix: 'instrument' | 'gauge', copy: CalibrationCopy): Partial<InstrumentFields> {
  return {
    [prefix]: copy.name,
    [`${prefix}_serie`]: copy.serie,
    [`${prefix}_certificate`]: copy.certificate,
    [`${prefix}_validity`]: copy.validity,
  };
}

export function InstrumentSection<B extends InstrumentFields>({
  block: name,
  value: block,
  onChange,
  referenceDate,
  typeId,
}: {
  /** The block's name in the sample ('memory_field'), for the pickers' required mark. */
  block: string;
  value: B;
  onChange: (next: B) => void;
  referenceDate: string;
  /** The sample's type: the equipment used last is offered from samples of the same type. */
  typeId: number | undefined;
}) {
  const instrumentMark = useFieldMark(`${name}.instrument`);
  const gaugeMark = useFieldMark(`${name}.gauge`);
  const [recent, setRecent] = useState<RecentEquipment | null>(null);
  const part = (prefix: 'instrument' | 'gauge', type: 'instrumento' | 'calibrador', label: string) => {
    const copy = copyOf(block, prefix);
    return (
      <Stack gap="xs">
        <CalibrationPicker
          mark={prefix === 'instrument' ? instrumentMark : gaugeMark}
          type={type}
          label={label}
          value={copy}
          referenceDate={referenceDate}
          suggested={recent?.[prefix]}
          onChange={(next) => onChange({ ...block, ...fieldsOf(prefix, next) })}
        />
        <FieldGrid>
          <TextField label={T.serie} value={copy.serie} onChange={() => {}} readOnly />
          <TextField label={T.certificate} value={copy.certificate} onChange={() => {}} readOnly />
          <TextField label={T.validity} value={copy.validity} onChange={() => {}} readOnly />
        </FieldGrid>
      </Stack>
    );
  };
  return (
    <Stack gap="md">
      {recent === null ? <LastUsedReader typeId={typeId} onRead={setRecent} /> : null}
      {part('instrument', 'instrumento', T.instrument)}
      {part('gauge', 'calibrador', T.gauge)}
    </Stack>
  );
}
