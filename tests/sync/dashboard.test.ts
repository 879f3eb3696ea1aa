/**
 * The dashboard on a device against the real server: after a sync, the
 * figures and the two lists the device computes from its local store (the
 * page's own function, src/features/overview/device-figures.ts) equal the
 * server's `GET api/dashboard/stats` and `GET api/dashboard/quotations` for
 * every period and filter, for a technician and for a customer-type user
 * (only its customer's records); they stay there offline. An alert for a
 * quotation the office approves reaches the technician's device on its next
 * sync and is readable offline; marking it read is an online write,
 * refused offline at once with the plain message.
 *
 * The server's clock is moved to 15:00 in São Paulo, so no period boundary
 * falls between the server's answer and the device's count.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readerOf, type Reader } from '@sync/contract/access';
import { alertSchema, DASHBOARD_PATHS, type Alert, type DashboardQuotation } from '@sync/contract/dashboard';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { settingName } from '@sync/contract/settings';
import { currentUserSchema } from '@sync/contract/user';
import { manualEnvironment } from '@sync/engine/environment';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { readAll } from '@sync/store/queries';
import type { StatCard } from '@/domain/dashboard-figures';
import { dashboardList } from '@/domain/dashboard-lists';
import { DASHBOARD_PERIODS, startOfZonedDay, zonedDay } from '@/domain/dashboard-periods';
import { calibrationAlertDays } from '@/domain/calibration-expiry';
import { insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { modules, quotations, rolePermissions, roles, samples } from '@server/db/schema';
import { deviceStats } from '@/features/overview/device-figures';
import { validCustomer } from '../server/customers/support';
import { validQuotation } from '../server/quotations/support';
import { PasswordAuth } from './support/sync-client';
import { useSyncServer, type ClockedClient } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;
const DAY = 86_400_000;
const PASSWORD = 'senha-de-teste-1';

async function http<T = any>(auth: PasswordAuth, method: string, path: string, json?: unknown): Promise<T> {
  const response = await fetch(`${server.directUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${await auth.getAccessToken()}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

async function signedIn(username: string): Promise<PasswordAuth> {
  const auth = new PasswordAuth(() => server.url, username, PASSWORD);
  await auth.signIn();
  return auth;
}

async function readerOfUser(auth: PasswordAuth): Promise<Reader> {
  return readerOf(currentUserSchema.parse(await http(auth, 'GET', 'api/user')));
}

/** The device's cards, as the page computes them from its store alone, at the server's time. */
async function deviceCards(device: ClockedClient, reader: Reader, period: (typeof DASHBOARD_PERIODS)[number]): Promise<StatCard[]> {
  const settings = (await readAll(device.db, 'settings')) as unknown as Array<{ option: string; value: string }>;
  const timeAlert = settings.find((row) => row.option === settingName('settings', 'timeAlert'))?.value;
  return deviceStats(reader, period, new Date(server.clock.now()), {
    quotations: (await readAll(device.db, 'quotations')) as never,
    samples: (await readAll(device.db, 'samples')) as never,
    equipment: (await readAll(device.db, 'equipment')) as never,
    settings,
    unsentSampleKeys: new Set(),
    alertDays: calibrationAlertDays(timeAlert),
  });
}

const shared = (cards: StatCard[]) => cards.filter((card) => card.key !== 'samples-unsent');

async function expectSameFigures(device: ClockedClient, auth: PasswordAuth): Promise<void> {
  const reader = await readerOfUser(auth);
  const local = (await readAll(device.db, 'quotations')) as never as Array<{ id: number; status: string; created_at: string }>;
  for (const period of DASHBOARD_PERIODS) {
    const fromServer = await http<StatCard[]>(auth, 'GET', `${DASHBOARD_PATHS.stats}?period=${period}`);
    expect(shared(await deviceCards(device, reader, period)), period).toEqual(fromServer);
    const list = await http<DashboardQuotation[]>(auth, 'GET', `${DASHBOARD_PATHS.quotations}?type=period&search=${period}`);
    expect(
      dashboardList(local, { type: 'period', period }, new Date(server.clock.now())).map((q) => q.id),
      period,
    ).toEqual(list.map((q) => q.id));
  }
  for (const status of ['open', 'pending', 'approved', 'canceled', 'closed']) {
    const list = await http<DashboardQuotation[]>(auth, 'GET', `${DASHBOARD_PATHS.quotations}?type=status&search=${status}`);
    expect(
      dashboardList(local, { type: 'status', status }, new Date(server.clock.now())).map((q) => q.id),
      status,
    ).toEqual(list.map((q) => q.id));
  }
}

async function seed(): Promise<{ linked: number }> {
  // 15:00 in São Paulo, today or tomorrow.
  const real = server.clock.now();
  let target = startOfZonedDay(zonedDay(new Date(real))).getTime() + 15 * 3_600_000;
  if (target < real) target += DAY;
  server.clock.skip(target - real);
  const now = server.clock.now();

  const admin = new PasswordAuth(() => server.url);
  await admin.signIn();
  const linked = (await http(admin, 'POST', 'api/customer', validCustomer({ name: 'Cliente do Portal Ltda' }))).id as number;
  const other = (await http(admin, 'POST', 'api/customer', validCustomer({ name: 'Outra Indústria S.A.' }))).id as number;
  const ages = [0, 0, 2, 6, 7, 12, 29, 31, 45, 200, 364, 366, 500];
  const statuses = [
    'approved',
    'pending',
    'approved',
    'canceled',
    'approved',
    'pending',
    'approved',
    'open',
    'approved',
    'closed',
    'pending',
    'approved',
    'open',
  ];
  for (const [i, age] of ages.entries()) {
    const rows = [{ product_id: null, name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 100 + i * 37.5 }];
    const q = await http(
      admin,
      'POST',
      'api/quotation',
      validQuotation(i % 3 === 0 ? linked : other, { rows, services: [], costs: [], total: 100 + i * 37.5 }),
    );
    const status = statuses[i]!;
    if (status === 'closed') await http(admin, 'PUT', `api/quotation/${q.id}/status`, { status: 'approved' });
    if (status !== 'open') await http(admin, 'PUT', `api/quotation/${q.id}/status`, { status });
    // A few minutes apart within the day, so the order never ties.
    await server.db
      .update(quotations)
      .set({ created_at: new Date(now - age * DAY - i * 60_000) })
      .where(eq(quotations.id, q.id));
    if (status === 'approved' && i < 4) {
      const sample = await http(admin, 'POST', 'api/sample', { quotation_id: q.id, type_id: 3, result: { nr15: { dose8: i === 0 ? '120' : '60' } } });
      await server.db
        .update(samples)
        .set({ updated_at: new Date(now - age * DAY) })
        .where(eq(samples.id, sample.id));
    }
  }
  await http(admin, 'PUT', 'api/settings', { options: [{ option: settingName('settings', 'timeAlert'), value: '15' }] });
  for (const days of [-3, 0, 10, 15, 16, 40]) {
    const date = zonedDay(new Date(now + days * DAY));
    await http(admin, 'POST', 'api/equipment', { name: `Bomba ${days}`, expiration_date: date });
  }

  await insertUser(server.db, {
    name: 'Técnico',
    username: 'tecnico',
    email: 'tecnico@empresa.com.br',
    password: PASSWORD,
    roleSlug: 'tecnico-de-campo',
  });
  await insertUser(server.db, {
    name: 'Escritório',
    username: 'escritorio',
    email: 'escritorio@empresa.com.br',
    password: PASSWORD,
    roleSlug: 'administrativo',
  });
  const portal = await insertUser(server.db, {
    name: 'Portal',
    username: 'portal',
    email: 'portal@cliente.com.br',
    password: PASSWORD,
    roleSlug: CUSTOMER_ROLE_SLUG,
  });
  await linkUserToCustomer(server.db, portal, linked);
  // The customer department reads quotations too, so its figures have something to narrow.
  const [role] = await server.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, CUSTOMER_ROLE_SLUG));
  const [quotationModule] = await server.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, 'quotations'));
  await server.db.insert(rolePermissions).values({ role_id: role!.id, module_id: quotationModule!.id, active: true });
  return { linked };
}

describe('the dashboard on a device', () => {
  it('computes the server’s figures and lists from its store after a sync, offline too', async () => {
    const { linked } = await seed();
    const techAuth = await signedIn('tecnico');
    const technician = await bed.device({ auth: techAuth });
    await expectSameFigures(technician, techAuth);
    const techReader = await readerOfUser(techAuth);
    const created = (await deviceCards(technician, techReader, 'last-year')).find((card) => card.key === 'quotations-created')!;
    expect(created.value).toBe(11); // ages 0 to 364 days
    expect((await deviceCards(technician, techReader, 'last-week')).find((card) => card.key === 'calibrations-due')!.datasets).toEqual([
      { label: 'Vencidas', value: 1 },
      { label: 'A vencer', value: 3 },
    ]);

    const portalAuth = await signedIn('portal');
    const portal = await bed.device({ auth: portalAuth });
    await expectSameFigures(portal, portalAuth);
    const own = (await readAll(portal.db, 'quotations')) as never as Array<{ customer_id: number }>;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((q) => q.customer_id === linked)).toBe(true);
    expect((await deviceCards(portal, await readerOfUser(portalAuth), 'last-year')).map((card) => card.key)).not.toContain('calibrations-due');

    // The field: no server. The figures are the ones last synced.
    const before = await deviceCards(technician, techReader, 'last-month');
    server.proxy.setTarget(null);
    try {
      const reloaded = await bed.reload(technician);
      expect(await deviceCards(reloaded, techReader, 'last-month')).toEqual(before);
    } finally {
      server.proxy.setTarget(server.directUrl);
    }
  });

  it('an alert for a quotation the office approves reaches the technician’s device, readable offline; marking it needs the connection', async () => {
    const officeAuth = await signedIn('escritorio');
    const environment = manualEnvironment(true);
    const techAuth = await signedIn('tecnico');
    const technician = await bed.device({ auth: techAuth, environment });
    const customers = await http<{ list: Array<{ id: number }> }>(officeAuth, 'GET', 'api/customer/all/0/10');
    const quotation = await http(officeAuth, 'POST', 'api/quotation', validQuotation(customers.list[0]!.id));
    await http(officeAuth, 'PUT', `api/quotation/${quotation.id}/status`, { status: 'approved' });

    expect((await technician.engine.syncNow()).ok).toBe(true);
    const local = (await readAll(technician.db, 'alerts')) as unknown as Array<Alert & { key: string }>;
    const alert = local.find((row) => row.kind === 'quotation-approved' && row.subject_id === quotation.id)!;
    expect(alert).toMatchObject({ title: `Orçamento ${quotation.reference_no} aprovado`, read_at: null });
    // The office, who approved it, has no such alert.
    const officeUnread = await http<{ list: Alert[] }>(officeAuth, 'GET', DASHBOARD_PATHS.unread);
    expect(officeUnread.list.some((row) => row.subject_id === quotation.id && row.kind === 'quotation-approved')).toBe(false);

    environment.set(false);
    const path = DASHBOARD_PATHS.read.replace('{id}', String(alert.id));
    await expect(technician.engine.writes.send({ method: 'PUT', path, pulls: ['alerts'] }, alertSchema)).rejects.toMatchObject({
      code: 'network',
      message: ONLINE_WRITE_MESSAGES.needsConnection,
    });
    expect(((await readAll(technician.db, 'alerts')) as unknown as Alert[]).find((row) => row.id === alert.id)!.read_at).toBeNull();

    environment.set(true);
    await technician.engine.writes.send({ method: 'PUT', path, pulls: ['alerts'] }, alertSchema);
    const marked = ((await readAll(technician.db, 'alerts')) as unknown as Alert[]).find((row) => row.id === alert.id)!;
    expect(marked.read_at).not.toBeNull();
  });
});
