/**
 * The dashboard's calls (samples.md section 7, base path api/dashboard) and
 * their wire shapes, for the server and the device:
 *
 *   GET quotations?search={filter value}&type={period|status}  list of {id, reference_no, customer_name, status, total}
 *   GET stats[?period=…]                                          array of stat cards (src/domain/dashboard-figures.ts)
 *   GET alerts/{skip}/{take}                                      the caller's alerts, newest first ({ list, total_items });
 *                                                                 with `updated_since` the pull of the read-only resource
 *   GET alerts/unread/                                            the caller's unread alerts ({ list, total_items })
 *   GET alerts/read/{id}                                          marks one read; answers it (PUT on the same path does
 *                                                                 the same for the device's online write)
 *
 * Every call answers only what the caller may read (docs/decisions/dashboard.md):
 * the quotation figures need the quotations module, the sample figures the
 * samples module, the calibration figure the equipment list's rule; a
 * customer-type user's figures count only their customers' records.
 */
import { z } from 'zod';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '@/domain/dashboard-periods';
import type { DashboardListFilter } from '@/domain/dashboard-lists';
import type { StatCard, StatKey } from '@/domain/dashboard-figures';
import { sampleRisk, type SampleRisk } from '@/domain/dashboard-sample-risk';
import type { NoiseThresholds } from '@/domain/result-thresholds';
import { idSchema, text, TEXT_LIMITS } from './fields';
import { QUOTATION_STATUSES, type QuotationStatus } from './quotations';
import { sampleTypeById } from './samples/types';
import { timestampSchema } from './sync';

export const DASHBOARD_PATHS = {
  quotations: 'api/dashboard/quotations',
  stats: 'api/dashboard/stats',
  alerts: 'api/dashboard/alerts/{skip}/{take}',
  unread: 'api/dashboard/alerts/unread/',
  read: 'api/dashboard/alerts/read/{id}',
} as const;

/** The status list's default filter (samples.md section 4). */
export const DEFAULT_DASHBOARD_STATUS: QuotationStatus = 'pending';

export const DASHBOARD_PERIOD_LABELS: Readonly<Record<DashboardPeriod, string>> = {
  today: 'Hoje',
  'last-week': 'Última semana',
  'last-month': 'Último mês',
  'last-year': 'Último ano',
};

const unreadCount = (unread: number) => `${unread} não lido${unread === 1 ? '' : 's'}`;

export const DASHBOARD_TEXTS = {
  title: 'Visão Global',
  latest: 'Últimos orçamentos',
  byStatus: 'Lista de orçamentos por status',
  seeAll: 'Ver todos',
  period: 'Período',
  status: 'Status',
  statsPeriod: 'Período dos indicadores',
  columns: { number: 'Número', customer: 'Cliente', status: 'Status', total: 'Total' },
  empty: 'Não houve nenhum resultado.',
  alerts: 'Alertas',
  noAlerts: 'Nenhum alerta.',
  noUnread: 'Nenhum alerta não lido.',
  markRead: 'Marcar como lido',
  newBadge: 'Novo',
  unreadCount,
  bell: (unread: number) => (unread === 0 ? 'Alertas: nenhum não lido' : `Alertas: ${unreadCount(unread)}`),
  lastSynced: (when: string) => `Números da última sincronização: ${when}`,
  neverSynced: 'Ainda não sincronizado: os números são só os deste aparelho.',
  previous: 'em relação ao período anterior',
  points: 'p.p.',
  filterInvalid: 'Filtro inválido.',
} as const;

/* ---------- quotations lists ---------- */

export const DASHBOARD_FILTER_TYPES = ['period', 'status'] as const;

export const dashboardQuotationsQuerySchema = z
  .object({
    search: text(TEXT_LIMITS.search).optional(),
    type: z.enum(DASHBOARD_FILTER_TYPES, { message: DASHBOARD_TEXTS.filterInvalid }).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.search) return;
    const allowed: readonly string[] = (query.type ?? 'period') === 'period' ? DASHBOARD_PERIODS : QUOTATION_STATUSES;
    if (!allowed.includes(query.search)) ctx.addIssue({ code: 'custom', path: ['search'], message: DASHBOARD_TEXTS.filterInvalid });
  });
export type DashboardQuotationsQuery = z.infer<typeof dashboardQuotationsQuerySchema>;

/** The filter a query names; an empty search takes the type's default (last-week, pending). */
export function dashboardFilterOf(query: DashboardQuotationsQuery): DashboardListFilter {
  if (query.type === 'status') return { type: 'status', status: query.search || DEFAULT_DASHBOARD_STATUS };
  return { type: 'period', period: (query.search as DashboardPeriod | undefined) || DEFAULT_DASHBOARD_PERIOD };
}

export const dashboardQuotationSchema = z.object({
  id: idSchema,
  reference_no: z.string().nullable(),
  customer_name: z.string().nullable(),
  status: z.enum(QUOTATION_STATUSES),
  total: z.number(),
});
export type DashboardQuotation = z.infer<typeof dashboardQuotationSchema>;

/* ---------- stats ---------- */

export const dashboardStatsQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { message: DASHBOARD_TEXTS.filterInvalid }).optional(),
});

const STAT_KEYS = [
  'quotations-created',
  'quotations-approved',
  'quoted-value',
  'approved-value',
  'approval-rate',
  'samples-filled',
  'samples-unsent',
  'calibrations-due',
] as const satisfies readonly StatKey[];

export const statCardSchema = z.object({
  key: z.enum(STAT_KEYS),
  label: z.string(),
  value: z.number(),
  format: z.enum(['count', 'money', 'percent']),
  percentage: z.number().nullable(),
  increase: z.boolean(),
  decrease: z.boolean(),
  datasets: z.array(z.object({ label: z.string(), value: z.number() })),
}) satisfies z.ZodType<StatCard>;

/* ---------- alerts ---------- */

export const ALERT_KINDS = ['quotation-approved', 'sample-highest-risk', 'calibration-soon', 'calibration-expired'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertSchema = z.object({
  id: idSchema,
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  message: z.string(),
  /** The quotation, sample or equipment the alert is about. */
  subject_id: idSchema.nullable(),
  read_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Alert = z.infer<typeof alertSchema>;

export const unreadAlertsSchema = z.object({ list: z.array(alertSchema), total_items: z.number().int().nonnegative() });

/** How many unread alerts `alerts/unread/` lists (the count is always whole). */
export const UNREAD_LIST_LIMIT = 100;

/** The texts of each alert (written when it is raised, so they read as they were then). */
export const ALERT_TEXTS = {
  quotationApproved: (number: string, customer: string | null, by: string) => ({
    title: `Orçamento ${number} aprovado`,
    message: `${customer ? `${customer} — ` : ''}aprovado por ${by}.`,
  }),
  sampleHighestRisk: (sampleNo: number, quotationNumber: string, company: string | null, agent: string | null) => ({
    title: `Amostra ${sampleNo} do orçamento ${quotationNumber} no nível de risco mais alto`,
    message: [company, agent].filter((part) => part).join(' — ') || 'Verifique a classificação de risco.',
  }),
  calibrationSoon: (equipment: string, date: string, days: number) => ({
    title: `Calibração de ${equipment} vence em ${date}`,
    message: days === 0 ? 'Hoje é o último dia de validade.' : `Falta${days === 1 ? '' : 'm'} ${days} dia${days === 1 ? '' : 's'}.`,
  }),
  calibrationExpired: (equipment: string, date: string) => ({
    title: `Calibração de ${equipment} vencida em ${date}`,
    message: 'Não leve este equipamento a campo até calibrá-lo.',
  }),
  /** The device's own alert: refused changes wait on the sync page. */
  syncFailure: (count: number) => ({
    title: 'Falha de sincronização neste aparelho',
    message: `${count} alteraç${count === 1 ? 'ão não foi aceita' : 'ões não foram aceitas'} pelo servidor. Veja em Sincronização.`,
  }),
} as const;

/** A sample's reading for the dashboard (filled, at its type's highest level), from its type id and stored blocks: server and device alike. */
export function sampleRiskOf(
  sample: { type_id: number | null; memory_field?: unknown; result?: unknown; risk_classification?: unknown },
  noise: NoiseThresholds,
): SampleRisk {
  return sampleRisk({ ...sample, slug: sampleTypeById(sample.type_id)?.slug }, noise);
}
