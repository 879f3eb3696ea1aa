/**
 * The plain warning a sample shows when its instrument or calibrator was out
 * of calibration on the day of the measurement, or was about to be (within
 * the 'time alert' setting's days): a measurement taken with an expired instrument is a finding
 * the consultancy must see, so it is a sentence, not only a badge.
 */
import { Alert } from '@mantine/core';
import { parseDateBR } from '@/domain/dates';
import { expiryStatus } from './expiry';
import { useCalibrationAlertDays } from './use-calibration-alert-days';

export const CALIBRATION_NOTICE_TEXTS = {
  expired: (name: string, validity: string) => `Calibração vencida: ${name} tem validade até ${validity}, anterior à data da medição.`,
  soon: (name: string, validity: string) => `Calibração vence em breve: ${name} tem validade até ${validity}.`,
} as const;

export interface CalibrationNoticeProps {
  name: string;
  /** Expiry date as the sample keeps it, DD/MM/YYYY. */
  validity: string;
  /** The day of the measurement, YYYY-MM-DD. */
  referenceDate: string;
}

export function CalibrationNotice({ name, validity, referenceDate }: CalibrationNoticeProps) {
  const alertDays = useCalibrationAlertDays();
  const status = expiryStatus(parseDateBR(validity), referenceDate, alertDays);
  if (status === 'expired') {
    return (
      <Alert color="red" variant="filled" role="alert" p="xs">
        {CALIBRATION_NOTICE_TEXTS.expired(name, validity)}
      </Alert>
    );
  }
  if (status === 'soon') {
    return (
      <Alert color="yellow" variant="light" role="status" p="xs">
        {CALIBRATION_NOTICE_TEXTS.soon(name, validity)}
      </Alert>
    );
  }
  return null;
}
