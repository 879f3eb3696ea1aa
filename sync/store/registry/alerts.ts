/**
 * The signed-in user's dashboard alerts (issue 24, docs/decisions/dashboard.md),
 * kept on the device as a read-only resource: pulled incrementally with the
 * other lists (a mark moves the alert's `updated_at`), so the bell's count
 * and the alerts are there offline; marked read only online (an online write
 * of `PUT api/dashboard/alerts/read/{id}` that pulls this list again).
 * Every signed-in user has alerts: the server answers each only their own.
 */
import { READ_ACCESS } from '@sync/contract/access';
import { alertSchema, DASHBOARD_PATHS } from '@sync/contract/dashboard';
import { defineReadOnlyResource } from './resource';

export const alerts = defineReadOnlyResource({
  name: 'alerts',
  label: 'Alerta',
  list: DASHBOARD_PATHS.alerts,
  schema: alertSchema,
  read: READ_ACCESS.everyone,
  searchable: [],
  fieldLabels: { title: 'Alerta', read_at: 'Lido em' },
  title: (record) => String(record.title ?? ''),
});

export const ALERT_RESOURCES = [alerts] as const;
