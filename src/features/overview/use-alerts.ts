/**
 * The user's alerts as the bell and the dashboard show them: the alerts
 * pulled from the server (the read-only `alerts` list on this device, so
 * they are there offline), newest first, and, first of all, this device's
 * own alert while the server refuses some of its changes (a sync failure
 * is local: it goes away when the changes are fixed or discarded, and is
 * never "read"). Marking a server alert read is an online write: offline it
 * is refused at once with the plain message of every online-only write.
 */
import { useCallback, useMemo } from 'react';
import { ALERT_TEXTS, alertSchema, DASHBOARD_PATHS, type Alert } from '@sync/contract/dashboard';
import { useOnlineWrite, useReadOnlyList, useSyncStatus } from '@sync/react';
import { type AlertLink, alertLinkOf, syncPageLink } from './alert-links';

export interface ShownAlert {
  /** 'device' for this device's sync failure, else the server alert's id. */
  id: number | 'device';
  title: string;
  message: string;
  link: AlertLink;
  /** ISO; null for the device's own alert (it is about now). */
  at: string | null;
  unread: boolean;
  /** Only server alerts are marked read. */
  markable: boolean;
}

export type AlertsState = { loading: true } | { loading: false; alerts: ShownAlert[]; unread: number };

function shown(alert: Alert & { key: string }): ShownAlert {
  return {
    id: alert.id,
    title: alert.title,
    message: alert.message,
    link: alertLinkOf(alert),
    at: alert.created_at,
    unread: alert.read_at === null,
    markable: alert.read_at === null,
  };
}

export function useAlerts(): AlertsState {
  const list = useReadOnlyList('alerts', alertSchema);
  const status = useSyncStatus();
  return useMemo<AlertsState>(() => {
    if (list.loading || status.loading) return { loading: true };
    const refused = status.failed + status.conflicts;
    const device: ShownAlert[] =
      refused > 0 ? [{ id: 'device', ...ALERT_TEXTS.syncFailure(refused), link: syncPageLink(), at: null, unread: true, markable: false }] : [];
    const alerts = [...device, ...list.rows.map(shown)];
    return { loading: false, alerts, unread: alerts.filter((alert) => alert.unread).length };
  }, [list, status]);
}

/** Marks one server alert read (online only); rejects with a SyncError whose message the screen shows. */
export function useMarkAlertRead(): (id: number) => Promise<void> {
  const send = useOnlineWrite();
  return useCallback(
    async (id: number) => {
      await send({ method: 'PUT', path: DASHBOARD_PATHS.read.replace('{id}', String(id)), pulls: ['alerts'] }, alertSchema);
    },
    [send],
  );
}
