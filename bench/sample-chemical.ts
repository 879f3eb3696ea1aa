/**
 * Parts `chemical-typing` and `chemical-pdf` of `npm run bench` (issue 22):
 * a chemical sample of ten agent rows.
 *
 * `chemical-typing` (goal: a key to the new figure under 50 ms at p95): the
 * real sample page on the typing page (bench/typing, part sample-typing's
 * page, `openChemical`) at a tablet's 768 × 1024, offline, its draft kept on
 * the device. Real keys in agent row 6's 'Vazão da bomba (L/min)' (Memória
 * de campo: 1 → 11 → 112 → 1123 → 112 → 11 → 1, each a new volume), then
 * in result row 6's 'Resultado' (Resultado: 4 → 40 → 400 → 40 → 4 → 40 → 4
 * against a TWA of 100: each a new risk level). Each key timed in the page
 * from its keydown to the first frame showing the new volume or level.
 * Baseline, same run: the same keys in a plain input echoed above the page;
 * rounds alternate which side goes first; at 1× and 4× CPU.
 *
 * `chemical-pdf` (goals: Chromium offline ≤ 3 s, server warm ≤ 1 s, file
 * under 3 MB): the report of a chemical sample with ten agent rows (each
 * with its result, limits and classification, the validation filled) and
 * eight photos (1600 × 1200 JPEGs, as a device keeps them), saved through
 * the API on the bench server. Server: `GET api/pdf/sample/{id}`, warm-up
 * calls then RUNS runs, timed from Node over loopback. Chromium: the bench
 * page holds the wire sample, the settings and the photos' bytes (read
 * online), is taken offline, and prints as the app's Imprimir does (photos
 * shrunk for print, the app's lazy render module); the time from the call
 * to the PDF Blob. Baseline, same run, both sides: a chemical sample of the
 * same plan with nothing typed and no photos (what any sample report
 * costs). Medians, with every run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium-flags';
import type { BenchBrowser } from './support/chromium';
import { BENCH_ADMIN, type BenchServer } from './support/server-control';
import { signIn } from './support/sign-in';
import { median, percentile, round } from './support/stats';
import { pdfTiming, type PdfTiming } from './support/pdf-timing';
import { serveStatic } from './support/static-server';

const ROUNDS = Number(process.env.BENCH_TYPING_ROUNDS ?? 15);
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 10);
const WARM_UP = 3;
const THROTTLES = [1, 4] as const;
const ROW = 5;
const AGENT_ROWS = 10;
const PHOTOS = 8;
export const CHEMICAL_GOALS = { keyMs: 50, chromiumMs: 3000, serverMs: 1000, fileBytes: 3 * 1024 * 1024 } as const;

/* ---------- typing ---------- */

type Target = 'volume' | 'risk' | 'baseline';

const KEYS: Record<Exclude<Target, 'baseline'>, { start: string; keys: readonly string[] }> = {
  volume: { start: '1', keys: ['1', '2', '3', 'Backspace', 'Backspace', 'Backspace'] },
  risk: { start: '4', keys: ['0', '0', 'Backspace', 'Backspace', '0', 'Backspace'] },
};

export interface ChemicalKeyFigure {
  figure: 'volume' | 'risk';
  cpuThrottle: number;
  keystrokes: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  baselineMedianMs: number;
  baselineP95Ms: number;
  /** median ÷ baseline median. */
  ratio: number;
  goalMs: number;
  met: boolean;
}

const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(([name, values]) => (window as unknown as { typing: Record<string, (...a: unknown[]) => unknown> }).typing[name]!(...values), [
    method,
    args,
  ] as [string, unknown[]]);

function inputOf(page: Page, target: Target) {
  if (target === 'baseline') return page.getByTestId('baseline-input');
  return page.locator(`[data-field="${target === 'volume' ? `memory_field.agents.${ROW}.pump_flow` : `result.agents.${ROW}.result`}"]`);
}

async function typeRound(page: Page, target: Target, keys: readonly string[]): Promise<number[]> {
  const input = inputOf(page, target);
  await input.click();
  await page.keyboard.press('End');
  await call(page, 'arm', target);
  for (const [index, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForFunction((count) => (window as unknown as { typing: { count(): number } }).typing.count() >= count, index + 1);
  }
  return (await call(page, 'disarm')) as number[];
}

async function measureKeys(page: Page, figure: 'volume' | 'risk', rate: number): Promise<ChemicalKeyFigure> {
  const { keys } = KEYS[figure];
  await typeRound(page, figure, keys);
  await typeRound(page, 'baseline', keys);
  const rounds: Record<'figure' | 'baseline', number[][]> = { figure: [], baseline: [] };
  for (let index = 0; index < ROUNDS; index += 1) {
    const order = index % 2 === 0 ? (['figure', 'baseline'] as const) : (['baseline', 'figure'] as const);
    for (const side of order) rounds[side].push(await typeRound(page, side === 'figure' ? figure : 'baseline', keys));
  }
  const all = rounds.figure.flat();
  const base = rounds.baseline.flat();
  const p95 = percentile(all, 0.95);
  return {
    figure,
    cpuThrottle: rate,
    keystrokes: all.length,
    medianMs: round(median(all), 1),
    p95Ms: round(p95, 1),
    maxMs: round(Math.max(...all), 1),
    baselineMedianMs: round(median(base), 1),
    baselineP95Ms: round(percentile(base, 0.95), 1),
    ratio: round(median(all) / median(base), 2),
    goalMs: CHEMICAL_GOALS.keyMs,
    met: p95 < CHEMICAL_GOALS.keyMs,
  };
}

export async function runChemicalTypingBench(say: (message: string) => void): Promise<ChemicalKeyFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ho-bench-chemical-'));
  const profile = mkdtempSync(join(tmpdir(), 'ho-bench-chemical-chromium-'));
  say('chemical-typing: building the typing page (vite)...');
  await build({ configFile: fileURLToPath(new URL('./vite.typing.config.ts', import.meta.url)), build: { outDir: dir } });
  const server = await serveStatic(dir);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 768, height: 1024 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.getByText('pronto').waitFor();
    await call(page, 'openChemical');
    const cdp = await context.newCDPSession(page);
    const figures: ChemicalKeyFigure[] = [];
    for (const figure of ['volume', 'risk'] as const) {
      await page.getByRole('tab', { name: figure === 'volume' ? 'Memória de campo' : 'Resultado' }).click();
      await inputOf(page, figure).fill(KEYS[figure].start);
      await page.getByTestId('baseline-input').fill(KEYS[figure].start);
      for (const rate of THROTTLES) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const measured = await measureKeys(page, figure, rate);
        figures.push(measured);
        say(
          `chemical-typing ${figure} ${rate}× CPU: median ${measured.medianMs} ms (p95 ${measured.p95Ms}), baseline ${measured.baselineMedianMs} ms, ${measured.ratio}×`,
        );
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    return figures;
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/* ---------- the report ---------- */

export type ChemicalPdfTiming = PdfTiming;

export interface ChemicalPdfFigure {
  agentRows: number;
  photos: number;
  /** The photos as stored on the server (what the device sent). */
  photoBytes: number;
  runs: number;
  server: { full: ChemicalPdfTiming; empty: ChemicalPdfTiming; ratio: number; goalMs: number; met: boolean };
  chromium: {
    full: ChemicalPdfTiming;
    empty: ChemicalPdfTiming;
    /** Of the full report's time: the eight photos shrunk for print on the device (median). */
    photosMedianMs: number;
    ratio: number;
    goalMs: number;
    met: boolean;
  } | null;
  fileGoalBytes: number;
  fileMet: boolean;
}

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function apiOf(baseUrl: string, token: string): Api {
  return async (method, path, body) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${baseUrl}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as never;
  };
}

/** A device-reduced photo (1600 × 1200, JPEG 0.8) with a photo's entropy: shaded noise, blurred like a lens. */
function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 40 + seed * 20, g: 110, b: 160 - seed * 10 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Ten agent rows with their results, the validation filled: what the report prints. */
function chemicalBlocks() {
  const agents = Array.from({ length: AGENT_ROWS }, (_, index) => ({
    row_id: `agente${index}`,
    agent: `Agente químico nº ${index + 1} (vapores orgânicos)`,
    agent_code: `Q-${index + 1}`,
    agent_cas: `108-88-${index}`,
    agent_method: 'NIOSH 1501',
    sampler_type: 'Tubo de carvão ativo',
    white_field_no: `BC-${index + 1}`,
    pump_flow: '0,20',
    temperature: '25',
    initial_ura: '60',
    atmospheric_pressure: '760',
    initial: '08:00',
    final: '16:00',
    interval_initial: '12:00',
    interval_final: '13:00',
  }));
  const results = agents.map((agent, index) => ({
    row_id: agent.row_id,
    agent_row_id: agent.row_id,
    lq: 'A cima',
    result: String(5 + index * 12),
    unity: 'ppm',
    twa: '100',
    mp: '78',
    calculation_base: index % 2 ? 'NR-15' : 'TWA',
    size_aerodispersoides: 'n.a.',
    action_in_body: 'Irritante',
    notion_skin: 'Sim',
    dispersal: 'Vapor',
    ipvs: 'Não estabelecido',
    odor_limit: 'Não estabelecido',
    respirator: 'Peça semifacial com filtro químico',
    molar_mass: '92,13',
  }));
  return {
    caracterization: { employee: 'Rita de Cássia Pintora', function: 'Pintora', sector: 'Cabine de pintura', ghe: 'GHE 3' },
    memory_field: {
      instrument: 'Bomba de amostragem BA-10',
      gauge: 'Calibrador de vazão CV-2',
      date: '03/11/2026',
      agents,
      observation: 'Coleta em dia normal de produção.',
    },
    result: { agents: results },
    risk_classification: { recommendation: 'Manter a ventilação local exaustora e o programa de proteção respiratória.' },
    validation: {
      exposition: 'Sim',
      avaliation: 'Exposição típica da função.',
      sample_type: 'Normal',
      representative: 'Sim',
      justify: 'Jornada completa.',
      varification_initial: '0,20',
      varification_final: '0,19',
      calibration: 'Sim',
    },
  };
}

async function serverRender(baseUrl: string, token: string, id: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/pdf/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`sample pdf ${id}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

export async function runChemicalPdfBench(
  server: BenchServer,
  browser: BenchBrowser | null,
  say: (message: string) => void,
): Promise<ChemicalPdfFigure> {
  const token = await signIn(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const api = apiOf(server.url, token);
  const customer = await api<{ id: number }>('POST', 'api/customer', {
    name: 'Tintas Paulista Ltda',
    type: 'corporate',
    email: 'sesmt@tintas.com.br',
    phone: '(11) 3322-4455',
  });
  const quotation = await api<{ id: number }>('POST', 'api/quotation', {
    customer_id: customer.id,
    valid_at: '2026-12-31',
    rows: [{ name: 'Vapores orgânicos', product_type_id: 2, quantity: 2, value: 300 }],
    total: 600,
  });
  await api('PUT', `api/quotation/${quotation.id}/status`, { status: 'approved' });
  await api('POST', 'api/sample/quotation', { quotationId: quotation.id });
  const { list } = await api<{ list: Array<{ id: number; quotation_id: number }> }>('GET', `api/sample/all/0/10?quotation_id=${quotation.id}`);
  const [full, empty] = [...list].sort((a, b) => a.id - b.id);
  await api('PUT', `api/sample/${full!.id}`, { quotation_id: quotation.id, type_id: 2, ...chemicalBlocks() });
  let photoBytes = 0;
  for (let index = 0; index < PHOTOS; index += 1) {
    const bytes = await photo(index);
    photoBytes += bytes.byteLength;
    const form = new FormData();
    form.append('name', `foto-${index + 1}.jpg`);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `foto-${index + 1}.jpg`);
    await api('POST', `api/sample/${full!.id}/file`, form);
  }

  say(`chemical-pdf on the server: ${WARM_UP} warm-up calls, then ${RUNS} runs of each (10 rows and 8 photos, blank), alternating...`);
  for (let index = 0; index < WARM_UP; index += 1) {
    await serverRender(server.url, token, full!.id);
    await serverRender(server.url, token, empty!.id);
  }
  const serverFull: Array<{ ms: number; bytes: number }> = [];
  const serverEmpty: Array<{ ms: number; bytes: number }> = [];
  for (let index = 0; index < RUNS; index += 1) {
    if (index % 2 === 0) {
      serverFull.push(await serverRender(server.url, token, full!.id));
      serverEmpty.push(await serverRender(server.url, token, empty!.id));
    } else {
      serverEmpty.push(await serverRender(server.url, token, empty!.id));
      serverFull.push(await serverRender(server.url, token, full!.id));
    }
  }
  const serverFigure = { full: pdfTiming(serverFull), empty: pdfTiming(serverEmpty), ratio: 0, goalMs: CHEMICAL_GOALS.serverMs, met: false };
  serverFigure.ratio = round(serverFigure.full.medianMs / serverFigure.empty.medianMs, 2);
  serverFigure.met = serverFigure.full.medianMs <= CHEMICAL_GOALS.serverMs;
  say(
    `chemical-pdf server: median ${serverFigure.full.medianMs} ms (${Math.round(serverFigure.full.bytes / 1024)} kB), blank ${serverFigure.empty.medianMs} ms`,
  );

  let chromiumFigure: ChemicalPdfFigure['chromium'] = null;
  if (browser) {
    const settings = await api<{ options: unknown[] }>('GET', 'api/settings/all');
    const wire = await api<{ files: Array<{ url: string }> } & Record<string, unknown>>('GET', `api/sample/${full!.id}`);
    const blank = await api<Record<string, unknown>>('GET', `api/sample/${empty!.id}`);
    await browser.call(
      'samplePdfLoad',
      'full',
      wire,
      settings.options,
      wire.files.map((file) => file.url),
    );
    await browser.call('samplePdfLoad', 'empty', blank, settings.options, []);
    say(`chemical-pdf in Chromium: the first print online, then offline ${RUNS} runs of each...`);
    await browser.call('samplePdfRender', 'full');
    await browser.call('samplePdfRender', 'empty');
    await browser.setOffline(true);
    const pageFull: Array<{ ms: number; bytes: number; photosMs: number }> = [];
    const pageEmpty: Array<{ ms: number; bytes: number }> = [];
    try {
      for (let index = 0; index < RUNS; index += 1) {
        const order = index % 2 === 0 ? (['full', 'empty'] as const) : (['empty', 'full'] as const);
        for (const which of order) (which === 'full' ? pageFull : pageEmpty).push(await browser.call('samplePdfRender', which));
      }
    } finally {
      await browser.setOffline(false);
    }
    chromiumFigure = {
      full: pdfTiming(pageFull),
      empty: pdfTiming(pageEmpty),
      photosMedianMs: round(median(pageFull.map((run) => run.photosMs))),
      ratio: 0,
      goalMs: CHEMICAL_GOALS.chromiumMs,
      met: false,
    };
    chromiumFigure.ratio = round(chromiumFigure.full.medianMs / chromiumFigure.empty.medianMs, 2);
    chromiumFigure.met = chromiumFigure.full.medianMs <= CHEMICAL_GOALS.chromiumMs;
    say(
      `chemical-pdf Chromium offline: median ${chromiumFigure.full.medianMs} ms (${Math.round(chromiumFigure.full.bytes / 1024)} kB), blank ${chromiumFigure.empty.medianMs} ms`,
    );
  }
  const largest = Math.max(serverFigure.full.bytes, chromiumFigure?.full.bytes ?? 0);
  return {
    agentRows: AGENT_ROWS,
    photos: PHOTOS,
    photoBytes,
    runs: RUNS,
    server: serverFigure,
    chromium: chromiumFigure,
    fileGoalBytes: CHEMICAL_GOALS.fileBytes,
    fileMet: largest < CHEMICAL_GOALS.fileBytes,
  };
}

export function formatChemical(typing: ChemicalKeyFigure[] | null, pdf: ChemicalPdfFigure | null): string {
  const lines: string[] = [];
  if (typing) {
    lines.push('Chemical sample, 10 agent rows: a key → the new figure on screen (Chromium, 768×1024), against a plain echoed input');
    lines.push('| figure | CPU | keys | median / p95 / max | baseline median / p95 | ratio | goal p95 < 50 ms |');
    lines.push('|---|---|---|---|---|---|---|');
    for (const f of typing) {
      lines.push(
        `| ${f.figure === 'volume' ? 'volume (pump flow typed)' : 'risk level (result typed)'} | ${f.cpuThrottle}× | ${f.keystrokes} | ${f.medianMs} / ${f.p95Ms} / ${f.maxMs} ms | ${f.baselineMedianMs} / ${f.baselineP95Ms} ms | ${f.ratio}× | ${f.met ? 'met' : 'missed'} |`,
      );
    }
  }
  if (pdf) {
    const line = (label: string, t: ChemicalPdfTiming) =>
      `  ${label.padEnd(30)} median ${t.medianMs} ms (min ${t.minMs}, max ${t.maxMs}), ${Math.round(t.bytes / 1024)} kB`;
    lines.push(
      `Report of a chemical sample with ${pdf.agentRows} agent rows and ${pdf.photos} photos (${Math.round(pdf.photoBytes / 1024)} kB of photos; ${pdf.runs} runs each)`,
      `server, warm (goal ≤ ${pdf.server.goalMs} ms: ${pdf.server.met ? 'met' : 'MISSED'})`,
      line('10 rows, 8 photos', pdf.server.full),
      line('blank sample (baseline)', pdf.server.empty),
      `  against the baseline: ${pdf.server.ratio}×`,
    );
    if (pdf.chromium) {
      lines.push(
        `Chromium, offline (goal ≤ ${pdf.chromium.goalMs} ms: ${pdf.chromium.met ? 'met' : 'MISSED'})`,
        line('10 rows, 8 photos', pdf.chromium.full),
        line('blank sample (baseline)', pdf.chromium.empty),
        `  of which the photos shrunk for print: ${pdf.chromium.photosMedianMs} ms`,
        `  against the baseline: ${pdf.chromium.ratio}×`,
      );
    }
    lines.push(`file under ${Math.round(pdf.fileGoalBytes / 1024 / 1024)} MB: ${pdf.fileMet ? 'met' : 'MISSED'}`);
  }
  return lines.join('\n');
}
