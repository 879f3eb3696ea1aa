/**
 * The demo catalog (`npm run seed:demo`) is valid data for the API: every
 * record passes the contract, chemical agents carry their CAS numbers,
 * equipment has serial numbers and certificates with some calibrations
 * already expired, and agents and services list their equipment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { costSchema, equipmentSchema, productSchema, serviceSchema } from '@sync/contract/catalog';
import { listResponseSchema } from '@sync/contract/list';
import { seedDemo } from '@server/db/demo';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from './support';

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  admin = api(t, await adminToken(t));
});
afterAll(() => t.close());

it('agents pass the contract, with real CAS numbers on chemical agents only', async () => {
  const agents = listResponseSchema(productSchema).parse(ok(await admin.get('/api/product/all/0/100'))).list;
  const cas = Object.fromEntries(agents.filter((a) => a.cas).map((a) => [a.name, a.cas]));
  expect(cas).toMatchObject({
    Tolueno: '108-88-3',
    Benzeno: '71-43-2',
    'Xileno (mistura de isômeros)': '1330-20-7',
    'Sílica cristalina (quartzo)': '14808-60-7',
    Formaldeído: '50-00-0',
  });
  expect(agents.filter((a) => a.cas).every((a) => a.type?.slug === 'chemical')).toBe(true);
  expect(new Set(agents.map((a) => a.type?.slug))).toEqual(new Set(['chemical', 'noise', 'vibration', 'heat']));
  const noise = agents.find((a) => a.name === 'Ruído contínuo ou intermitente')!;
  expect(noise.equipments.map((l) => [l.name, l.quantity])).toEqual([
    ['Dosímetro de ruído Criffer Sonus 2', 2],
    ['Calibrador acústico 3M AC-300', 1],
  ]);
});

it('equipment has serial numbers, certificates and expiry dates, some expired', async () => {
  const items = listResponseSchema(equipmentSchema).parse(ok(await admin.get('/api/equipment/all/0/10?all=true'))).list;
  expect(items.length).toBeGreaterThan(10);
  expect(items.every((e) => e.serial_number && e.calibration_certificate && e.expiration_date && e.category)).toBe(true);
  const expired = items.filter((e) => e.expiration_date! < '2026-11-21');
  expect(expired.length).toBeGreaterThanOrEqual(2);
  expect(expired.length).toBeLessThan(items.length);
  const calibrators = listResponseSchema(equipmentSchema).parse(ok(await admin.get('/api/equipment/all/0/10?all=true&type=calibrador'))).list;
  expect(calibrators.map((e) => e.name)).toContain('Calibrador acústico 3M AC-300');
});

it('services and costs have prices in reais', async () => {
  const services = listResponseSchema(serviceSchema).parse(ok(await admin.get('/api/service/all/0/100'))).list;
  const costs = listResponseSchema(costSchema).parse(ok(await admin.get('/api/cost/all/0/100'))).list;
  expect(services.find((s) => s.name === 'Avaliação de agentes químicos')).toMatchObject({
    price: 2400,
    equipments: [{ quantity: 2 }, { quantity: 1 }],
  });
  expect(costs.find((c) => c.slug === 'deslocamento-por-km-rodado')?.price).toBe(1.85);
});
