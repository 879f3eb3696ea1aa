/**
 * The calibration state next to an expiry date: a red 'Vencido' badge when
 * the date has passed, a yellow 'Vence em breve' in the last 30 days, and
 * nothing otherwise.
 */
import { Badge } from '@mantine/core';
import { todayIso } from '@/ui/inputs/date-text';
import { expiryStatus } from './expiry';

export const EXPIRY_LABELS = { expired: 'Vencido', soon: 'Vence em breve' } as const;

export function ExpiryBadge({ expirationDate, today = todayIso() }: { expirationDate: string | null | undefined; today?: string }) {
  const status = expiryStatus(expirationDate, today);
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
