/**
 * The calibration warnings of a sample's instrument and calibrator, read
 * from its field memory, for the tabs where conclusions are drawn (a
 * conclusion from an expired instrument is a finding, so it sits next to it).
 */
import { memo } from 'react';
import { Stack } from '@mantine/core';
import { CalibrationNotice } from '@/entities/equipment';
import { measurementDay } from './measurement-date';

type MemoryCopy = { instrument?: unknown; instrument_validity?: unknown; gauge?: unknown; gauge_validity?: unknown; data?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Memoised: typing in Resultado or Classificação leaves the field memory (its only input) as it was. */
export const CalibrationNotices = memo(function CalibrationNotices({ memory }: { memory: unknown }) {
  const block = (memory !== null && typeof memory === 'object' ? memory : {}) as MemoryCopy;
  const day = measurementDay(text(block.data));
  return (
    <Stack gap={4}>
      <CalibrationNotice name={text(block.instrument)} validity={text(block.instrument_validity)} referenceDate={day} />
      <CalibrationNotice name={text(block.gauge)} validity={text(block.gauge_validity)} referenceDate={day} />
    </Stack>
  );
});
