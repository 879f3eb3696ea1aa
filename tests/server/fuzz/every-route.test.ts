/**
 * Fuzz of every route the app registers (issue 9): the routes are collected
 * from Fastify itself (an onRoute hook installed before any route), so a
 * route added later is fuzzed without writing anything for it. Each gets
 * the table of malformed inputs in ./cases.ts (ids, dates and queries, raw
 * bodies, the fields of its own body schema, headers), sent through the
 * real app on PGlite with an administrator's token (so validation, not
 * permissions, answers).
 *
 * Every answer must be below 500, JSON, with a Portuguese message that
 * shows no internals; the cases where accepting the input is itself a bug
 * must be refused with a 4xx, and every route not marked public refuses a
 * request without a token. The counts are printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok } from '../catalog/support';
import { routeRecorder } from '../helpers/route-table';
import { casesFor, type FuzzRequest } from './cases';

const recorder = routeRecorder();
const routes = recorder.routes;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraPlugins: [recorder.plugin] });
  token = await adminToken(t);
  // One record of each kind, id 1, so paths filled with 1 reach the handlers.
  const admin = api(t, token);
  ok(await admin.post('/api/equipment/categories', { name: 'Categoria do fuzz' }));
  ok(await admin.post('/api/equipment', { name: 'Equipamento do fuzz', category_id: 1 }));
  ok(await admin.post('/api/product', { name: 'Agente do fuzz', price: 1, type_id: 2 }));
  ok(await admin.post('/api/product/1/equipment', { equipment_id: 1 }));
  ok(await admin.post('/api/service', { name: 'Serviço do fuzz', price: 1 }));
  ok(await admin.post('/api/service/1/equipment', { equipment_id: 1 }));
  ok(await admin.post('/api/cost', { name: 'Custo do fuzz', price: 1 }));
  ok(
    await admin.post('/api/customer', {
      name: 'Cliente do fuzz',
      email: 'cliente@fuzz.com.br',
      phone: '11987654321',
      contact: { name: 'Contato' },
      addresses: [{ street: 'Rua do Fuzz' }],
    }),
  );
});
afterAll(() => t?.close());

/** Words of zod's and Fastify's English defaults; none belongs in a message to a Brazilian user. */
const ENGLISH =
  /\b(the|must|expected|received|invalid input|required|error|not found|bad request|unauthorized|forbidden|too big|too small|undefined)\b/i;
const PORTUGUESE =
  /[ãõçáéíóúâêô]|\b(de|do|da|dos|das|não|um|uma|em|no|na|para|com|por|sua|seu|muito|muitas?|nova|novo|deve|campo|valor|senha|nome|nenhum|nenhuma|arquivo|selecionad[oa]|tente|envie|use|preencha|digite|inválid[oa]s?)\b/i;
const INTERNALS = /select |insert |postgres|sql|stack|\.ts:\d|node_modules|FST_|Error:/i;

function problemsOf(status: number, contentType: string | undefined, text: string, request: FuzzRequest): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (request.mustRefuse && (status < 400 || status >= 500)) problems.push(`accepted (${status}) what must be refused`);
  if (request.status !== undefined && status !== request.status) problems.push(`answered ${status}, not ${request.status}`);
  if (status < 400 || status === 204) return problems;
  if (!contentType?.startsWith('application/json')) problems.push(`not JSON: ${contentType}`);
  let body: { message?: unknown; errors?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    problems.push('unreadable body');
  }
  const messages = [body.message, ...Object.values(body.errors ?? {}).flat()];
  if (typeof body.message !== 'string') problems.push('no message');
  for (const message of messages) {
    if (typeof message !== 'string') continue;
    if (ENGLISH.test(message) || !PORTUGUESE.test(message)) problems.push(`not Portuguese: ${message}`);
    if (INTERNALS.test(message)) problems.push(`shows internals: ${message}`);
  }
  return problems;
}

describe('every registered route, malformed input', () => {
  it('collected the routes from Fastify', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.method === 'POST' && r.url === '/oauth/token')).toBe(true);
  });

  it('never answers 5xx, always a Portuguese message, and refuses what must be refused', async () => {
    const statuses = new Map<number, number>();
    const families = new Map<string, number>();
    const familyMs = new Map<string, number>();
    // One example per kind of problem (the same problem on 40 routes is one finding).
    const failures = new Map<string, string>();
    let failed = 0;
    let total = 0;
    const started = performance.now();
    for (const route of routes) {
      for (const request of casesFor(route)) {
        const headers = request.anonymous ? request.headers : { authorization: `Bearer ${token}`, ...request.headers };
        const sent = performance.now();
        const reply = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
        familyMs.set(request.family, (familyMs.get(request.family) ?? 0) + performance.now() - sent);
        total += 1;
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        families.set(request.family, (families.get(request.family) ?? 0) + 1);
        const contentType = reply.headers['content-type'];
        const problems = problemsOf(reply.statusCode, typeof contentType === 'string' ? contentType : undefined, reply.body, request);
        if (problems.length > 0) {
          const kind = problems.join('; ').slice(0, 160);
          if (!failures.has(kind))
            failures.set(kind, `${request.method} ${route.url} [${request.family}: ${request.name}] → ${kind} ${reply.body.slice(0, 200)}`);
          failed += 1;
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const byFamily = [...families.entries()]
      .map(([family, n]) => `${family}: ${n} (${((familyMs.get(family) ?? 0) / 1000).toFixed(1)} s)`)
      .join(', ');
    console.info(`fuzz: ${routes.length} routes, ${total} requests in ${seconds} s; statuses ${byStatus}; families ${byFamily}`);
    expect([...failures.values()].slice(0, 60), `${failed} failed requests`).toEqual([]);
  }, 300_000);
});
