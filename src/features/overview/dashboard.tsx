/**
 * The dashboard of 'Visão Global' (samples.md section 2, issue 24): the stat
 * cards of a period (default last-week), 'Últimos orçamentos' with its period
 * filter (default last-week) and 'Lista de orçamentos por status' (default
 * pending), and the user's alerts; all from this device's store, offline
 * too, with when the figures were last synced. Fits a tablet in portrait
 * (cards two by two, the lists one under the other) and a desktop.
 */
import { useMemo, useState } from 'react';
import { Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Reader } from '@sync/contract/access';
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_TEXTS, DEFAULT_DASHBOARD_STATUS } from '@sync/contract/dashboard';
import { QUOTATION_STATUS_LABELS, QUOTATION_STATUSES, type QuotationStatus } from '@sync/contract/quotations';
import { useSyncStatus } from '@sync/react';
import { mayRead, READ_ACCESS } from '@sync/contract/access';
import type { DashboardListFilter } from '@/domain/dashboard-lists';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '@/domain/dashboard-periods';
import { AlertsCard } from './alerts-card';
import { formatInstant } from './format';
import { QuotationListCard } from './quotation-list-card';
import { StatCards } from './stat-card';
import { useDashboardFigures, useDashboardList } from './use-dashboard-figures';
import { useNow } from './use-now';

const T = DASHBOARD_TEXTS;
const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }));
const STATUS_OPTIONS = QUOTATION_STATUSES.map((value) => ({ value, label: QUOTATION_STATUS_LABELS[value] }));

function PeriodSelect({ label, value, onChange }: { label: string; value: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  return (
    <Select
      label={label}
      data={PERIOD_OPTIONS}
      value={value}
      onChange={(next) => next && onChange(next as DashboardPeriod)}
      allowDeselect={false}
      w={180}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function LastSynced() {
  const status = useSyncStatus();
  if (status.loading) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="dashboard-synced-at">
      {status.lastSyncAt ? T.lastSynced(formatInstant(status.lastSyncAt)) : T.neverSynced}
    </Text>
  );
}

function QuotationLists({ reader, now }: { reader: Reader; now: Date }) {
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const [status, setStatus] = useState<QuotationStatus>(DEFAULT_DASHBOARD_STATUS);
  const byPeriod = useMemo<DashboardListFilter>(() => ({ type: 'period', period }), [period]);
  const byStatus = useMemo<DashboardListFilter>(() => ({ type: 'status', status }), [status]);
  const latest = useDashboardList(reader, byPeriod, now);
  const withStatus = useDashboardList(reader, byStatus, now);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <QuotationListCard
        title={T.latest}
        testId="dashboard-latest"
        list={latest}
        filter={<PeriodSelect label={T.period} value={period} onChange={setPeriod} />}
      />
      <QuotationListCard
        title={T.byStatus}
        testId="dashboard-by-status"
        list={withStatus}
        filter={
          <Select
            label={T.status}
            data={STATUS_OPTIONS}
            value={status}
            onChange={(next) => next && setStatus(next as QuotationStatus)}
            allowDeselect={false}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
    </SimpleGrid>
  );
}

export function Dashboard({ reader }: { reader: Reader }) {
  const now = useNow();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const figures = useDashboardFigures(reader, period, now);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <LastSynced />
        <PeriodSelect label={T.statsPeriod} value={period} onChange={setPeriod} />
      </Group>
      {figures.loading ? <Loader size="sm" /> : <StatCards cards={figures.cards} />}
      {mayRead(reader, READ_ACCESS.quotations) ? <QuotationLists reader={reader} now={now} /> : null}
      <AlertsCard />
    </Stack>
  );
}
