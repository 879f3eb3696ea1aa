/**
 * The dashboard's figures on this device, from its local store (so they are
 * there offline): the quotations, samples, equipment and settings the
 * engine keeps synced, through the same pure functions the server answers
 * `GET api/dashboard/stats` and `GET api/dashboard/quotations` with, so after
 * a sync they are the server's figures (docs/decisions/dashboard.md).
 * A group the user may not read is left out, as the server leaves it out;
 * the samples not yet sent are this device's own figure.
 */
import { useMemo } from 'react';
import { mayRead, READ_ACCESS, type Reader } from '@sync/contract/access';
import { type LocalQuotation, usePendingChanges } from '@sync/react';
import { useLocalList } from '@sync/react/use-local-record';
import type { StatCard } from '@/domain/dashboard-figures';
import { dashboardList, type DashboardListFilter } from '@/domain/dashboard-lists';
import type { DashboardPeriod } from '@/domain/dashboard-periods';
import { useCalibrationAlertDays } from '@/entities/equipment';
import { deviceStats } from './device-figures';

export type DashboardFigures = { loading: true } | { loading: false; cards: StatCard[] };

const rowsOf = <T>(state: { loading: true } | { loading: false; rows: T[] }): T[] | null => (state.loading ? null : state.rows);

export function useDashboardFigures(reader: Reader, period: DashboardPeriod, now: Date): DashboardFigures {
  const quotations = rowsOf(useLocalList('quotations'));
  const samples = rowsOf(useLocalList('samples'));
  const equipment = rowsOf(useLocalList('equipment'));
  const settings = rowsOf(useLocalList('settings'));
  const pendingState = usePendingChanges();
  const pending = pendingState.loading ? null : pendingState.changes;
  const alertDays = useCalibrationAlertDays();
  return useMemo<DashboardFigures>(() => {
    if (!quotations || !samples || !equipment || !settings || !pending) return { loading: true };
    const unsentSampleKeys = new Set(pending.filter((change) => change.resource === 'samples').map((change) => change.key));
    return { loading: false, cards: deviceStats(reader, period, now, { quotations, samples, equipment, settings, unsentSampleKeys, alertDays }) };
  }, [quotations, samples, equipment, settings, pending, alertDays, reader, period, now]);
}

export type DashboardList = { loading: true } | { loading: false; rows: LocalQuotation[] };

/** One of the two quotation lists, from the local quotations (none for a user who does not read quotations). */
export function useDashboardList(reader: Reader, filter: DashboardListFilter, now: Date): DashboardList {
  const quotations = rowsOf(useLocalList('quotations'));
  return useMemo<DashboardList>(() => {
    if (!quotations) return { loading: true };
    if (!mayRead(reader, READ_ACCESS.quotations)) return { loading: false, rows: [] };
    return { loading: false, rows: dashboardList(quotations, filter, now) };
  }, [quotations, reader, filter, now]);
}
