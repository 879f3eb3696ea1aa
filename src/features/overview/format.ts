/**
 * How the dashboard writes its figures: counts with thousands dots, reais
 * as R$ 1.234,56, rates as 45,5%; a change as '+12,5%' (the approval rate's
 * in percentage points, '+3,0 p.p.'); instants as DD/MM/YYYY HH:mm in
 * Brasília time.
 */
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import type { StatCard } from '@/domain/dashboard-figures';
import { DASHBOARD_TIME_ZONE } from '@/domain/dashboard-periods';
import { formatDecimal, formatMoney } from '@/ui/format';

export function formatStatValue(format: StatCard['format'], value: number): string {
  if (format === 'money') return formatMoney(value);
  if (format === 'percent') return `${formatDecimal(value, 1, { trimZeros: true })}%`;
  return formatDecimal(value, 0, { grouping: true });
}

/** The change against the previous period, signed; '' when there is none to show. */
export function formatChange(card: Pick<StatCard, 'format' | 'percentage'>): string {
  if (card.percentage === null) return '';
  const sign = card.percentage > 0 ? '+' : '';
  const number = `${sign}${formatDecimal(card.percentage, 1)}`;
  return card.format === 'percent' ? `${number} ${DASHBOARD_TEXTS.points}` : `${number}%`;
}

const instantFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DASHBOARD_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2026-11-29T13:05:00Z' → '29/11/2026 10:05'; unreadable → ''. */
export function formatInstant(value: string | null | undefined): string {
  const ms = value ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) return '';
  const parts = instantFormat.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}
