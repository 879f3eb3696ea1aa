/**
 * Part `pdf` of `npm run bench` (issue 11): rendering a quotation with 100
 * agent rows (plus 2 services, 1 cost, deadlines and a rich-text details
 * block) as a PDF.
 *
 * - Server, warm (goal ≤ 0.5 s): `GET api/pdf/quotation/{id}` on the bench
 *   server (its own process, PGlite in memory), timed from Node over
 *   loopback, after warm-up calls; the whole call (load, build, render,
 *   answer) as a client sees it.
 * - Chromium, offline (goal ≤ 2 s): the app's own lazy render module
 *   (src/features/quotations/quotation-print-render.ts: pdfmake's browser
 *   build, the template, the fonts served by the page) on the bench page,
 *   from the records the page holds (fetched once while online, then the
 *   browser is taken offline); the time from "print" to the PDF Blob. The
 *   first print of the page (chunk and fonts loaded, online) is reported on
 *   its own as the cold figure.
 *
 * - Server, one 50,000-character word in the details (issue 20: it once took
 *   the only PDF worker minutes and gigabytes; now the template breaks long
 *   words), timed the same way, read against the same baseline.
 *
 * Baseline in the same run: the same calls for a quotation with no lines
 * (what any document costs: fonts, header, footer), so the figure for 100
 * rows can be read against it. Each figure is the median of repeated runs,
 * with min, max and every run.
 */
import type { BenchBrowser } from './support/chromium';
import { BENCH_ADMIN, type BenchServer } from './support/server-control';
import { signIn } from './support/sign-in';
import { round } from './support/stats';
import { pdfTiming, type PdfTiming } from './support/pdf-timing';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 10);
const WARM_UP = 3;
export const PDF_GOALS = { serverMs: 500, chromiumMs: 2000 } as const;

export type { PdfTiming } from './support/pdf-timing';

export interface PdfFigure {
  rows: number;
  runs: number;
  server: { full: PdfTiming; empty: PdfTiming; longWord: PdfTiming; goalMs: number; met: boolean };
  chromium: { full: PdfTiming; empty: PdfTiming; coldMs: number; goalMs: number; met: boolean } | null;
}

const DETAILS = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Avaliações conforme a ' },
        { type: 'text', text: 'NHO 01', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' e o Anexo 1 da NR-15; limites ≤ 85 dB(A), temperaturas em °C.' },
      ],
    },
    {
      type: 'bulletList',
      content: ['Relatório técnico', 'ART do responsável'].map((text) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
      })),
    },
  ],
};

function quotationBody(customerId: number, rows: number) {
  return {
    customer_id: customerId,
    valid_at: '2026-12-31',
    rows: Array.from({ length: rows }, (_, index) => ({
      name: `Agente químico nº ${index + 1} (poeira respirável)`,
      sector: `Setor ${(index % 7) + 1}`,
      function: index % 2 ? 'Operador de máquinas' : 'Auxiliar de produção',
      daily_exposition: '8 h',
      exposition_type_id: (index % 2) + 1,
      quantity: (index % 3) + 1,
      value: 125.5 + index,
    })),
    services: rows
      ? [
          { name: 'Relatório técnico', quantity: 1, value: 900 },
          { name: 'Visita técnica', quantity: 2, value: 120 },
        ]
      : [],
    costs: rows ? [{ name: 'Deslocamento', quantity: 1, value: 89.9 }] : [],
    deadlines: rows ? [{ activity: 'Coleta em campo', description: 'Até 10 dias úteis' }] : [],
    details: rows ? DETAILS : null,
    discount: 5,
    parcel: 3,
    total: 0,
  };
}

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function apiOf(baseUrl: string, token: string): Api {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as never;
  };
}

async function serverRender(baseUrl: string, token: string, id: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/pdf/quotation/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`pdf ${id}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

/** What the page prints from: the records as the device holds them (the wire records, as pulled). */
async function sourcesOf(api: Api, quotationId: number) {
  const quotation = await api<{ customer_id: number; service_address_id: number | null } & Record<string, unknown>>(
    'GET',
    `api/quotation/${quotationId}`,
  );
  const customer = await api<{ addresses: Array<{ id: number }> } & Record<string, unknown>>('GET', `api/customer/${quotation.customer_id}`);
  const settings = await api<{ options: unknown[] }>('GET', 'api/settings/all');
  const list = (answer: unknown) => (Array.isArray(answer) ? answer : ((answer as { list: unknown[] }).list ?? []));
  return {
    quotation,
    customer,
    address: customer.addresses.find((address) => address.id === quotation.service_address_id) ?? customer.addresses[0] ?? null,
    settings: settings.options,
    expositionTypes: list(await api('GET', 'api/quotation/exposition')),
    paymentTypes: list(await api('GET', 'api/quotation/payment-type')),
    logo: null,
  };
}

export async function runPdfBench(server: BenchServer, browser: BenchBrowser | null, say: (message: string) => void): Promise<PdfFigure> {
  const token = await signIn(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const api = apiOf(server.url, token);
  const customer = await api<{ id: number }>('POST', 'api/customer', {
    name: 'Metalúrgica São João Ltda',
    type: 'corporate',
    document: '11.222.333/0001-81',
    email: 'compras@saojoao.com.br',
    phone: '(11) 3322-4455',
    addresses: [
      {
        label: 'Matriz',
        street: 'Rua das Indústrias',
        number: '100',
        district: 'Distrito Industrial',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01001000',
      },
    ],
  });
  const full = await api<{ id: number }>('POST', 'api/quotation', quotationBody(customer.id, 100));
  const empty = await api<{ id: number }>('POST', 'api/quotation', quotationBody(customer.id, 0));
  const longWord = await api<{ id: number }>('POST', 'api/quotation', {
    ...quotationBody(customer.id, 0),
    details: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Início ${'x'.repeat(50_000)} fim.` }] }] },
  });

  say(`pdf on the server: ${WARM_UP} warm-up calls, then ${RUNS} runs of each (100 rows, empty), alternating...`);
  for (let index = 0; index < WARM_UP; index++) {
    await serverRender(server.url, token, full.id);
    await serverRender(server.url, token, empty.id);
  }
  const serverFull: Array<{ ms: number; bytes: number }> = [];
  const serverEmpty: Array<{ ms: number; bytes: number }> = [];
  const serverLongWord: Array<{ ms: number; bytes: number }> = [];
  for (let index = 0; index < RUNS; index++) {
    serverFull.push(await serverRender(server.url, token, full.id));
    serverEmpty.push(await serverRender(server.url, token, empty.id));
    serverLongWord.push(await serverRender(server.url, token, longWord.id));
  }
  const serverFigure = {
    full: pdfTiming(serverFull),
    empty: pdfTiming(serverEmpty),
    longWord: pdfTiming(serverLongWord),
    goalMs: PDF_GOALS.serverMs,
    met: false,
  };
  serverFigure.met = serverFigure.full.medianMs <= PDF_GOALS.serverMs;
  say(
    `pdf server: 100 rows median ${serverFigure.full.medianMs} ms, empty ${serverFigure.empty.medianMs} ms, 50,000-character word ${serverFigure.longWord.medianMs} ms`,
  );

  let chromium: PdfFigure['chromium'] = null;
  if (browser) {
    const fullSources = await sourcesOf(api, full.id);
    const emptySources = await sourcesOf(api, empty.id);
    say(`pdf in Chromium: the first print online (cold), then offline ${RUNS} runs of each...`);
    const cold = await browser.call('pdfRender', fullSources);
    for (let index = 0; index < WARM_UP - 1; index++) await browser.call('pdfRender', emptySources);
    await browser.setOffline(true);
    const pageFull: Array<{ ms: number; bytes: number }> = [];
    const pageEmpty: Array<{ ms: number; bytes: number }> = [];
    try {
      for (let index = 0; index < RUNS; index++) {
        pageFull.push(await browser.call('pdfRender', fullSources));
        pageEmpty.push(await browser.call('pdfRender', emptySources));
      }
    } finally {
      await browser.setOffline(false);
    }
    chromium = { full: pdfTiming(pageFull), empty: pdfTiming(pageEmpty), coldMs: round(cold.ms), goalMs: PDF_GOALS.chromiumMs, met: false };
    chromium.met = chromium.full.medianMs <= PDF_GOALS.chromiumMs;
    say(`pdf Chromium offline: 100 rows median ${chromium.full.medianMs} ms, empty ${chromium.empty.medianMs} ms, cold ${chromium.coldMs} ms`);
  }
  return { rows: 100, runs: RUNS, server: serverFigure, chromium };
}

export function formatPdf(figure: PdfFigure): string {
  const line = (label: string, t: PdfTiming) =>
    `  ${label.padEnd(26)} median ${t.medianMs} ms (min ${t.minMs}, max ${t.maxMs}), ${Math.round(t.bytes / 1024)} kB`;
  const lines = [
    `PDF of a quotation with ${figure.rows} agent rows (${figure.runs} runs each)`,
    `server, warm (goal ≤ ${figure.server.goalMs} ms: ${figure.server.met ? 'met' : 'MISSED'})`,
    line('100 rows', figure.server.full),
    line('empty quotation (baseline)', figure.server.empty),
    line('one 50,000-character word', figure.server.longWord),
    `  the long word against the baseline: ${round(figure.server.longWord.medianMs / figure.server.empty.medianMs)}×`,
  ];
  if (figure.chromium) {
    lines.push(
      `Chromium, offline from the page's records (goal ≤ ${figure.chromium.goalMs} ms: ${figure.chromium.met ? 'met' : 'MISSED'})`,
      line('100 rows', figure.chromium.full),
      line('empty quotation (baseline)', figure.chromium.empty),
      `  first print of the page (online, loads pdfmake and fonts): ${figure.chromium.coldMs} ms`,
    );
  }
  return lines.join('\n');
}
