/**
 * 'Visão Global' on a real local store (nothing else: the figures are the
 * device's): the heading, that nothing was synced yet, the stat cards of
 * last-week; 'Últimos orçamentos' (last-week by default, then 'Último
 * mês') and 'Lista de orçamentos por status' (Pendente by default, then
 * Aprovado), a number opening the quotation, 'Ver todos' the list; and the
 * header's bell: its unread count, the unread alerts it opens, a mark
 * refused offline with the plain message and, online, the count going down.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import type { SyncDatabase } from '@sync/store/database';
import { AlertsBell } from '@/features/overview/alerts-bell';
import { OverviewPage } from '@/features/overview/overview-page';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { pulled } from '../server-records';

const ADMIN_READER = { isAdmin: true, isCustomer: false, modules: [] as string[] };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let db: SyncDatabase;
let environment: ManualEnvironment;
let engine: SyncEngine;
/** What the fake server answers to a mark, and then to the alerts' pull. */
let marked: Record<string, unknown> | null = null;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function quotation(id: number, customer: string, status: string, total: number, createdAt: string) {
  return {
    id,
    reference_no: `${id}/2026`,
    customer_id: 900 + id,
    customer_name: customer,
    status,
    total,
    subtotal: total,
    rows: [],
    services: [],
    costs: [],
    equipments: [],
    deadlines: [],
    created_at: createdAt,
    updated_at: createdAt,
  };
}

function alert(id: number, title: string, readAt: string | null) {
  const at = ago(id * HOUR);
  return {
    id,
    kind: 'quotation-approved',
    title,
    message: 'Metalúrgica Alfa — aprovado por Mariana.',
    subject_id: id,
    read_at: readAt,
    created_at: at,
    updated_at: at,
  };
}

/** A server that only answers the alert calls: PUT …/read/{id} and the alerts' pull. */
const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (init?.method === 'PUT' && url.pathname.startsWith('/api/dashboard/alerts/read/')) {
    const id = Number(url.pathname.split('/').at(-1));
    marked = { ...alert(id, 'Orçamento 7/2026 aprovado', new Date().toISOString()), updated_at: new Date().toISOString() };
    return json(marked);
  }
  if (url.pathname.startsWith('/api/dashboard/alerts/')) {
    return json({ list: marked ? [marked] : [], total_items: marked ? 1 : 0, deleted_ids: [], server_time: new Date().toISOString() });
  }
  return new Response('{}', { status: 404 });
};

beforeEach(async () => {
  db = openTestDb();
  marked = null;
  environment = manualEnvironment(true);
  engine = new SyncEngine({
    db,
    baseUrl: 'http://servidor.test',
    auth: { getAccessToken: async () => 'token', refresh: async () => false },
    fetch: fakeFetch,
    environment,
    lock: noLock,
  });
  await pulled(db, 'quotations', [
    quotation(5, 'Metalúrgica Alfa', 'pending', 1000, ago(1000)),
    quotation(6, 'Construtora Beta', 'approved', 234.56, ago(3 * DAY)),
    quotation(7, 'Fundição Gama', 'approved', 500, ago(10 * DAY)),
    quotation(8, 'Química Delta', 'pending', 80, ago(10 * DAY + HOUR)),
  ]);
  await pulled(db, 'alerts', [
    alert(7, 'Orçamento 7/2026 aprovado', null),
    alert(6, 'Orçamento 6/2026 aprovado', null),
    alert(9, 'Orçamento 9/2026 aprovado', ago(HOUR)),
  ]);
});
afterEach(async () => {
  await engine.stop();
  await closeTestDb(db);
});

const routes: Record<string, RouteView> = {
  '/admin/overview': () => (
    <>
      <AlertsBell />
      <OverviewPage userName="Ana Souza" areas={[]} reader={ADMIN_READER} />
    </>
  ),
  '/admin/orcamentos/$quotationId': ({ params }) => <p>Orçamento {params.quotationId}</p>,
  '/admin/orcamentos/lista/$page': ({ params }) => <p>Lista de orçamentos, página {params.page}</p>,
};

const render = () => renderApp(db, routes, '/admin/overview', engine);
const rowsOf = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Visão Global', () => {
  it('shows the cards and both lists from the store, with their filters, and links to the quotations', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const app = await render();
    expect(screen.getByRole('heading', { name: 'Visão Global', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não sincronizado: os números são só os deste aparelho.')).toBeInTheDocument();
    const created = await screen.findByRole('group', { name: 'Orçamentos criados' });
    expect(within(created).getByTestId('stat-value')).toHaveTextContent('2');
    expect(within(screen.getByRole('group', { name: 'Valor orçado' })).getByTestId('stat-value')).toHaveTextContent('R$ 1.234,56');
    expect(within(screen.getByRole('group', { name: 'Taxa de aprovação' })).getByTestId('stat-value')).toHaveTextContent('50%');
    // Each series card draws its sparkline, hidden from assistive technology (the card says the figures).
    const sparkline = within(created).getByTestId('sparkline');
    expect(sparkline).toHaveAttribute('aria-hidden', 'true');
    expect(sparkline.querySelectorAll('path')).toHaveLength(2);

    const latest = screen.getByRole('region', { name: 'Últimos orçamentos' });
    await waitFor(() => expect(rowsOf(latest)).toEqual(['5/2026', '6/2026']));
    expect(within(latest).getByText('R$ 234,56')).toBeInTheDocument();
    await choose(user, 'Período', 'Último mês');
    await waitFor(() => expect(rowsOf(latest)).toEqual(['5/2026', '6/2026', '7/2026', '8/2026']));

    const byStatus = screen.getByRole('region', { name: 'Lista de orçamentos por status' });
    expect(rowsOf(byStatus)).toEqual(['5/2026', '8/2026']);
    await choose(user, 'Status', 'Aprovado');
    await waitFor(() => expect(rowsOf(byStatus)).toEqual(['6/2026', '7/2026']));

    // The stat cards follow their own period.
    await choose(user, 'Período dos indicadores', 'Último mês');
    await waitFor(() => expect(within(created).getByTestId('stat-value')).toHaveTextContent('4'));

    await user.click(within(byStatus).getByRole('link', { name: '7/2026' }));
    expect(await screen.findByText('Orçamento 7')).toBeInTheDocument();
    expect(app.path()).toBe('/admin/orcamentos/7');
  });

  it('‘Ver todos’ opens the quotation list', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const app = await render();
    const latest = await screen.findByRole('region', { name: 'Últimos orçamentos' });
    await user.click(within(latest).getByRole('link', { name: 'Ver todos' }));
    await waitFor(() => expect(app.path()).toBe('/admin/orcamentos/lista/1'));
  });

  it('the bell counts the unread alerts, opens them, refuses a mark offline and marks one online', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    const bell = await screen.findByRole('button', { name: 'Alertas: 2 não lidos' });
    await user.click(bell);
    const dropdown = await screen.findByRole('dialog');
    expect(
      within(dropdown)
        .getAllByTestId('alert-item')
        .map((item) => within(item).getAllByText(/aprovado$/)[0]!.textContent),
    ).toEqual(['Orçamento 6/2026 aprovado', 'Orçamento 7/2026 aprovado']);

    environment.set(false);
    const item7 = within(dropdown).getAllByTestId('alert-item')[1]!;
    await user.click(within(item7).getByRole('button', { name: 'Marcar como lido' }));
    expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alertas: 2 não lidos' })).toBeInTheDocument();

    environment.set(true);
    await user.click(within(item7).getByRole('button', { name: 'Marcar como lido' }));
    expect(await screen.findByRole('button', { name: 'Alertas: 1 não lido' })).toBeInTheDocument();
    // The dashboard's own list shows all three, the marked one no longer new.
    const card = screen.getByRole('heading', { name: 'Alertas' }).closest('[id="alertas"]') as HTMLElement;
    await waitFor(() => expect(within(card).getAllByText('Novo')).toHaveLength(1));
    expect(within(card).getAllByTestId('alert-item')).toHaveLength(3);
  });
});
