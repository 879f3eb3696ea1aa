/**
 * The `quotation-typing` part of `npm run bench` (issue 11): how long a
 * keystroke in a 100-row quotation takes to show the new total, and what
 * the first screen (the login page) loads before and after the quotation
 * form's rich-text editor (which must stay out of it).
 *
 * 1. Keystroke → total. The real PWA (root vite.config.ts) is built into a
 *    temporary folder and served by the bench server (server/app.ts,
 *    PGlite in memory). A quotation with 100 agent rows is created through
 *    the API; Chromium signs in through the login page, the first sync
 *    brings the quotation, and its page opens. Then, in rounds, one key
 *    each (a digit, then Backspace, so every key changes the figure):
 *    - quantity: in 'Qtd. 50'; from the keydown (the event's timeStamp) to
 *      the first animation frame after the 'Total' figure's text changed;
 *    - baseline: in a plain <input> added to the same page outside React;
 *      from the keydown to the first animation frame after its input event;
 *    - sector: in 'Setor 50' (the same form re-rendered, no total to
 *      change), measured like the baseline.
 *    Warm-up keys first; the rounds interleave the three so a busy machine
 *    weighs on all alike. Median, 95th percentile, min and max.
 * 2. First screen size: the first-load part's measure (bench/first-load.ts,
 *    `measureSize`) of /public/login, on this build and on a build of
 *    BENCH_TYPING_BEFORE (default the commit this work started from, from
 *    `git archive` in a temporary folder sharing node_modules), and a check
 *    that none of the login page's scripts or styles holds the editor
 *    (ProseMirror) or pdfmake.
 *
 * BENCH_TYPING_KEYS (default 40 rounds) and BENCH_TYPING_BEFORE ('' skips
 * the "before" build) tune it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium-flags';
import { measureSize } from './first-load';
import { BENCH_ADMIN, startBenchServer } from './support/server-control';
import { signIn } from './support/sign-in';
import { median, percentile, round } from './support/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_TYPING_KEYS ?? 40);
const WARM_UP = 6;
const ROWS = 100;
const BEFORE = process.env.BENCH_TYPING_BEFORE ?? '7c222b5';
export const TYPING_GOAL_MS = 50;
/** Strings only the editor's and the PDF code's chunks hold. */
const LAZY_MARKERS = ['ProseMirror', 'pdfmake'];

interface Spread {
  median: number;
  p95: number;
  min: number;
  max: number;
  runs: number;
}

export interface QuotationTypingFigure {
  rows: number;
  quantityMs: Spread;
  baselineMs: Spread;
  sectorMs: Spread;
  /** Keydown → the total's text changed (before the frame), for the quantity keys. */
  quantityChangeMs: Spread;
  size: {
    after: { jsCssGzipKb: number; jsCssFiles: number; lazyOk: boolean; eager: string[] };
    before: { commit: string; jsCssGzipKb: number; jsCssFiles: number } | null;
  };
}

const spread = (values: number[]): Spread => ({
  median: round(median(values), 1),
  p95: round(percentile(values, 0.95), 1),
  min: round(Math.min(...values), 1),
  max: round(Math.max(...values), 1),
  runs: values.length,
});

/**
 * Installed in the page as text (no bundler helpers in evaluated code).
 * `__typingArm(selector)`: the next keydown starts the clock; with a
 * selector, the first text change inside that element stops it; without,
 * the next input event does. Either way the first animation frame after is
 * recorded (the frame that shows the change).
 */
const PAGE_HELPER = `
window.__typingArm = function (selector) {
  var state = { keydown: null };
  window.__typingResult = new Promise(function (resolve, reject) {
    var observer = null;
    var onInput = null;
    var timer = setTimeout(function () { cleanup(); reject(new Error('no change within 5 s')); }, 5000);
    function onKey(event) { if (state.keydown === null) state.keydown = event.timeStamp; }
    function cleanup() {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey, true);
      if (observer) observer.disconnect();
      if (onInput) document.removeEventListener('input', onInput, true);
    }
    function done() {
      var changed = performance.now();
      if (observer) observer.disconnect();
      if (onInput) document.removeEventListener('input', onInput, true);
      requestAnimationFrame(function () {
        var frame = performance.now();
        cleanup();
        resolve({ changeMs: changed - state.keydown, frameMs: frame - state.keydown });
      });
    }
    if (selector) {
      observer = new MutationObserver(function () { done(); });
      observer.observe(document.querySelector(selector), { subtree: true, childList: true, characterData: true });
    } else {
      onInput = function () { done(); };
      document.addEventListener('input', onInput, true);
    }
    window.addEventListener('keydown', onKey, true);
  });
  return true;
};
var plain = document.createElement('input');
plain.id = 'bench-plain-input';
plain.setAttribute('aria-label', 'bench plain input');
plain.style.cssText = 'position:fixed;top:0;left:0;z-index:9999;width:120px';
document.body.appendChild(plain);
true;
`;

async function keystroke(page: Page, focus: string, key: string, selector: string | null): Promise<{ changeMs: number; frameMs: number }> {
  await page.focus(focus);
  await page.evaluate((target) => (window as unknown as { __typingArm: (s: string | null) => boolean }).__typingArm(target), selector);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { __typingResult: Promise<{ changeMs: number; frameMs: number }> }).__typingResult);
}

function quotationBody(customerId: number) {
  const sectors = ['Estamparia', 'Solda', 'Pintura', 'Usinagem', 'Expedição'];
  return {
    customer_id: customerId,
    valid_at: '2027-01-31',
    rows: Array.from({ length: ROWS }, (_, index) => ({
      product_id: null,
      name: `Agente ${index + 1}`,
      sector: sectors[index % sectors.length],
      function: `Função ${index + 1}`,
      quantity: 1 + (index % 4),
      value: 100 + index * 7.35,
    })),
    services: [{ name: 'Avaliação quantitativa', quantity: 2, value: 850 }],
    costs: [{ name: 'Deslocamento', quantity: 1, value: 180 }],
    discount: 5,
    discount_type: 'pct',
    total: 0,
    parcel: 3,
  };
}

async function post(url: string, token: string, path: string, body: unknown): Promise<{ id: number }> {
  const response = await fetch(`${url}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

async function buildApp(root: string, say: (message: string) => void, label: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'ho-bench-typing-app-'));
  say(`quotation typing: building the PWA (${label})...`);
  await build({ configFile: join(root, 'vite.config.ts'), root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** Which of the page's scripts and styles hold the editor's or the PDF's code (they must be none). */
function eagerLazyCode(distDir: string, urls: string[]): string[] {
  return urls.filter((url) => {
    try {
      const text = readFileSync(join(distDir, url.replace(/^\//, '')), 'utf8');
      return LAZY_MARKERS.some((marker) => text.includes(marker));
    } catch {
      return false;
    }
  });
}

async function measureTyping(url: string, quotationId: number, say: (message: string) => void) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${url}/public/login`);
    await page.locator('input[name="username"]').fill(BENCH_ADMIN.username);
    await page.locator('input[name="password"]').fill(BENCH_ADMIN.password);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL('**/admin/overview');
    await page.goto(`${url}/admin/orcamentos/${quotationId}`);
    await page.getByRole('textbox', { name: `Qtd. ${ROWS}`, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Detalhes' }).waitFor();
    await page.evaluate(PAGE_HELPER);

    const quantity = `input[aria-label="Qtd. 50"]`;
    const sector = `input[aria-label="Setor 50"]`;
    const plain = '#bench-plain-input';
    for (const selector of [quantity, sector, plain]) {
      await page.focus(selector);
      await page.keyboard.press('End');
    }
    const total = '[data-testid="quotation-total"]';
    const figures = { quantity: [] as number[], change: [] as number[], baseline: [] as number[], sector: [] as number[] };
    for (let turn = 0; turn < WARM_UP + ROUNDS; turn += 1) {
      // A digit, then Backspace: every key changes the quantity (1 → 12 → 1), so the total changes every time.
      const key = turn % 2 === 0 ? '2' : 'Backspace';
      const typedKey = turn % 2 === 0 ? 'a' : 'Backspace';
      const q = await keystroke(page, quantity, key, total);
      const b = await keystroke(page, plain, typedKey, null);
      const s = await keystroke(page, sector, typedKey, null);
      if (turn < WARM_UP) continue;
      figures.quantity.push(q.frameMs);
      figures.change.push(q.changeMs);
      figures.baseline.push(b.frameMs);
      figures.sector.push(s.frameMs);
      const done = turn - WARM_UP + 1;
      if (done % 10 === 0) say(`quotation typing: ${done}/${ROUNDS} rounds, quantity median so far ${round(median(figures.quantity), 1)} ms`);
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export async function runQuotationTypingBench(say: (message: string) => void): Promise<QuotationTypingFigure> {
  const dirs: string[] = [];
  try {
    const afterDir = await buildApp(ROOT, say, 'this checkout');
    dirs.push(afterDir);
    const server = await startBenchServer(afterDir);
    let figures: Awaited<ReturnType<typeof measureTyping>>;
    let after: QuotationTypingFigure['size']['after'];
    try {
      const token = await signIn(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
      const customer = await post(server.url, token, 'api/customer', {
        name: 'Metalúrgica Horizonte Ltda',
        type: 'corporate',
        email: 'contato@horizonte.com.br',
        phone: '(11) 3322-4455',
      });
      const quotation = await post(server.url, token, 'api/quotation', quotationBody(customer.id));
      say('quotation typing: login page size (this build)...');
      const size = await measureSize(server.url);
      const eager = eagerLazyCode(afterDir, size.jsCssUrls);
      after = { jsCssGzipKb: size.jsCssGzipKb, jsCssFiles: size.jsCssFiles, lazyOk: eager.length === 0, eager };
      say(`quotation typing: ${ROWS}-row quotation ${quotation.id}, ${ROUNDS} rounds of keys...`);
      figures = await measureTyping(server.url, quotation.id, say);
    } finally {
      await server.stop();
    }

    let before: QuotationTypingFigure['size']['before'] = null;
    if (BEFORE) {
      const source = mkdtempSync(join(tmpdir(), 'ho-bench-typing-before-'));
      dirs.push(source);
      execFileSync('/bin/sh', ['-c', `git archive ${BEFORE} | tar -x -C ${source}`], { cwd: ROOT, stdio: 'pipe' });
      symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
      const beforeDir = await buildApp(source, say, `before, ${BEFORE}`);
      dirs.push(beforeDir);
      const beforeServer = await startBenchServer(beforeDir);
      try {
        say('quotation typing: login page size (before)...');
        const size = await measureSize(beforeServer.url);
        before = { commit: BEFORE, jsCssGzipKb: size.jsCssGzipKb, jsCssFiles: size.jsCssFiles };
      } finally {
        await beforeServer.stop();
      }
    }
    return {
      rows: ROWS,
      quantityMs: spread(figures.quantity),
      quantityChangeMs: spread(figures.change),
      baselineMs: spread(figures.baseline),
      sectorMs: spread(figures.sector),
      size: { after, before },
    };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const line = (value: Spread) => `median ${value.median} ms, p95 ${value.p95} ms (min ${value.min}, max ${value.max}; ${value.runs} keys)`;

export function formatQuotationTyping(figure: QuotationTypingFigure): string {
  const { size } = figure;
  return [
    `Quotation typing (${figure.rows} agent rows, Chromium)`,
    `  quantity key → total on screen: ${line(figure.quantityMs)} (goal < ${TYPING_GOAL_MS} ms: ${figure.quantityMs.median < TYPING_GOAL_MS ? 'met' : 'MISSED'})`,
    `  quantity key → total's text changed: ${line(figure.quantityChangeMs)}`,
    `  baseline, plain input key → frame: ${line(figure.baselineMs)}`,
    `  sector key (same form, no total) → frame: ${line(figure.sectorMs)}`,
    `  login page JS + CSS gzip: ${size.after.jsCssGzipKb} kB in ${size.after.jsCssFiles} files` +
      (size.before ? ` (before, ${size.before.commit}: ${size.before.jsCssGzipKb} kB in ${size.before.jsCssFiles} files)` : ''),
    `  editor and PDF code out of the login page: ${size.after.lazyOk ? 'yes' : `NO (${size.after.eager.join(', ')})`}`,
  ].join('\n');
}
