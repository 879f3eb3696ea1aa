/**
 * The calibration state next to an expiry date: a red 'Vencido' badge when
 * the date has passed, a yellow 'Vence em breve' within the 'time alert'
 * setting's days (read from the device's settings), and nothing otherwise.
 */
import { Badge } from '@mantine/core';
import { todayIso } from '@/ui/inputs/date-text';
import { expiryStatus } from './expiry';
import { useCalibrationAlertDays } from './use-calibration-alert-days';

export const EXPIRY_LABELS = { expired: 'Vencido', soon: 'Vence em breve' } as const;

export function ExpiryBadge({ expirationDate, today = todayIso() }: { expirationDate: string | null | undefined; today?: string }) {
  const alertDays = useCalibrationAlertDays();
  const status = expiryStatus(expirationDate, today, alertDays);
  if (status === 'expired') {
    return (
      <Badge color="red" variant="filled" size="sm">
        {EXPIRY_LABELS.expired}
      </Badge>
    );
  }
  if (status === 'soon') {
    return (
      <Badge color="yellow" variant="light" size="sm">
        {EXPIRY_LABELS.soon}
      </Badge>
    );
  }
  return null;
}
