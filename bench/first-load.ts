/**
 * The `first-load` part of `npm run bench` (issue 10): what the login page
 * costs a device on its first visit, and how fast the installed app opens
 * offline. The real PWA (the root vite.config.ts, so pre-compressed files
 * and the service worker included) is built into a temporary folder and
 * served by the bench server (the real server/app.ts on PGlite in memory);
 * BENCH_FIRST_LOAD_URL measures a server already running instead (how the
 * "before" figures were taken on an older commit), signing in as
 * BENCH_ADMIN there too.
 *
 * 1. Size: a fresh Chromium profile, no cache, service workers blocked (the
 *    precache is the worker's download, not the page's), opens
 *    /public/login and waits for the network to go quiet. Every response
 *    the page received counts: on the wire = encoded body + response
 *    headers; JS + CSS gzip = each script and stylesheet body gzipped
 *    (level 6), whatever encoding the server used.
 * 2. Lighthouse: the `lighthouse` CLI (12.8.2, the last major on Node 20)
 *    on /usr/bin/chromium, performance category only, its default mobile
 *    settings (simulated throttling: 4× CPU slowdown, slow 4G), three runs,
 *    each in a new Chromium.
 * 3. Offline cold start: one profile on disk signs in once online, waits
 *    for the service worker to control the page and finish precaching and
 *    for the first sync, and closes the browser. Then three times: a new
 *    browser on that profile, offline from the start, opens /admin/overview;
 *    the figure is the page's own clock (performance.now(), from navigation
 *    start) when the 'Visão Global' heading is laid out; the time from the
 *    browser's launch to that moment is kept beside it.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium-flags';
import { waitForPrecache } from '../tests/e2e/support/precache-status';
import { BENCH_ADMIN, startBenchServer, type BenchServer } from './support/server-control';
import { median, round } from './support/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 3);
/** A folder to keep Lighthouse's JSON reports in (their diagnostics: long tasks, render-blocking files, unused JS). */
const KEEP_REPORTS = process.env.BENCH_LIGHTHOUSE_KEEP;
const LOGIN_PATH = '/public/login';
const OVERVIEW_PATH = '/admin/overview';

export const FIRST_LOAD_GOALS = { jsCssGzipKb: 200, lighthouseScore: 90, offlineColdStartMs: 1_000 } as const;

interface Spread {
  runs: number[];
  median: number;
  min: number;
  max: number;
}

export interface FirstLoadFigure {
  url: string;
  size: {
    files: number;
    jsCssFiles: number;
    jsCssGzipKb: number;
    jsCssDecodedKb: number;
    /** The scripts and stylesheets loaded, by path (to check what a chunk holds). */
    jsCssUrls: string[];
    wireKb: number;
    decodedKb: number;
    /** Content-Encoding seen per file type, e.g. { script: ['br'] }. */
    encodings: Record<string, string[]>;
    largest: { url: string; type: string; wireKb: number; gzipKb: number }[];
  };
  lighthouse: { score: Spread; fcpMs: Spread; lcpMs: Spread; tbtMs: Spread; speedIndexMs: Spread; version: string } | null;
  /** Navigation start → 'Visão Global' laid out, by the page's clock. */
  offlineColdStartMs: Spread;
  /** Browser launch on the installed profile → 'Visão Global' laid out (what a user waits for after tapping the icon). */
  offlineFromLaunchMs: Spread;
}

function spread(runs: number[]): Spread {
  return { runs, median: median(runs), min: Math.min(...runs), max: Math.max(...runs) };
}

const kb = (bytes: number) => round(bytes / 1024, 1);

export async function measureSize(url: string): Promise<FirstLoadFigure['size']> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const done: Promise<void>[] = [];
    const rows: { url: string; type: string; wire: number; decoded: number; gzip: number; encoding: string }[] = [];
    page.on('requestfinished', (request) => {
      done.push(
        (async () => {
          const response = await request.response();
          if (!response) return;
          const sizes = await request.sizes();
          const body = await response.body().catch(() => Buffer.alloc(0));
          const type = request.resourceType();
          rows.push({
            url: new URL(request.url()).pathname,
            type,
            wire: sizes.responseBodySize + sizes.responseHeadersSize,
            decoded: body.length,
            gzip: type === 'script' || type === 'stylesheet' ? gzipSync(body, { level: 6 }).length : 0,
            encoding: (await response.headerValue('content-encoding')) ?? 'none',
          });
        })(),
      );
    });
    await page.goto(`${url}${LOGIN_PATH}`, { waitUntil: 'networkidle' });
    await page.locator('input[name="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(done);
    const jsCss = rows.filter((row) => row.type === 'script' || row.type === 'stylesheet');
    const encodings: Record<string, string[]> = {};
    for (const row of rows) encodings[row.type] = [...new Set([...(encodings[row.type] ?? []), row.encoding])];
    return {
      files: rows.length,
      jsCssFiles: jsCss.length,
      jsCssGzipKb: kb(jsCss.reduce((sum, row) => sum + row.gzip, 0)),
      jsCssDecodedKb: kb(jsCss.reduce((sum, row) => sum + row.decoded, 0)),
      jsCssUrls: jsCss.map((row) => row.url).sort(),
      wireKb: kb(rows.reduce((sum, row) => sum + row.wire, 0)),
      decodedKb: kb(rows.reduce((sum, row) => sum + row.decoded, 0)),
      encodings,
      largest: [...rows]
        .sort((a, b) => b.decoded - a.decoded)
        .slice(0, 8)
        .map((row) => ({ url: row.url, type: row.type, wireKb: kb(row.wire), gzipKb: kb(row.gzip) })),
    };
  } finally {
    await browser.close();
  }
}

function runLighthouseOnce(url: string, outDir: string, run: number): Promise<Record<string, unknown>> {
  const output = join(outDir, `lighthouse-${run}.json`);
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2_000)}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as Record<string, unknown>);
    });
  });
}

async function measureLighthouse(url: string, say: (message: string) => void): Promise<FirstLoadFigure['lighthouse']> {
  const outDir = mkdtempSync(join(tmpdir(), 'ho-bench-lighthouse-'));
  try {
    const reports: { score: number; fcp: number; lcp: number; tbt: number; si: number; version: string }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const report = (await runLighthouseOnce(`${url}${LOGIN_PATH}`, outDir, run)) as {
        lighthouseVersion: string;
        runtimeError?: { message: string };
        categories: { performance: { score: number | null } };
        audits: Record<string, { numericValue?: number }>;
      };
      if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
      const metric = (id: string) => round(report.audits[id]?.numericValue ?? Number.NaN, 0);
      reports.push({
        score: Math.round((report.categories.performance.score ?? 0) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        si: metric('speed-index'),
        version: report.lighthouseVersion,
      });
      const last = reports.at(-1)!;
      say(`lighthouse run ${run + 1}/${RUNS}: ${last.score} (FCP ${last.fcp} ms, LCP ${last.lcp} ms, TBT ${last.tbt} ms)`);
    }
    return {
      score: spread(reports.map((r) => r.score)),
      fcpMs: spread(reports.map((r) => r.fcp)),
      lcpMs: spread(reports.map((r) => r.lcp)),
      tbtMs: spread(reports.map((r) => r.tbt)),
      speedIndexMs: spread(reports.map((r) => r.si)),
      version: reports[0]?.version ?? '?',
    };
  } finally {
    if (KEEP_REPORTS) {
      mkdirSync(KEEP_REPORTS, { recursive: true });
      cpSync(outDir, KEEP_REPORTS, { recursive: true });
      say(`lighthouse reports kept in ${KEEP_REPORTS}`);
    }
    rmSync(outDir, { recursive: true, force: true });
  }
}

function openProfile(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Once online: sign in, let the service worker take control and precache, let the first sync finish. */
async function installApp(page: Page, url: string): Promise<void> {
  await page.goto(`${url}${LOGIN_PATH}`);
  await page.locator('input[name="username"]').fill(BENCH_ADMIN.username);
  await page.locator('input[name="password"]').fill(BENCH_ADMIN.password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL(`**${OVERVIEW_PATH}`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return registration.active?.state;
  });
  await waitForPrecache(page);
  await page.goto(`${url}/admin/sincronizacao`);
  await page
    .getByTestId('last-sync')
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ })
    .waitFor();
}

async function measureOfflineColdStart(url: string, say: (message: string) => void): Promise<{ navigation: Spread; launch: Spread }> {
  const profile = mkdtempSync(join(tmpdir(), 'ho-bench-installed-'));
  try {
    const first = await openProfile(profile);
    try {
      await installApp(first.pages()[0] ?? (await first.newPage()), url);
    } finally {
      await first.close();
    }
    const runs: number[] = [];
    const fromLaunch: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const launchedAt = performance.now();
      const context = await openProfile(profile);
      try {
        await context.setOffline(true);
        const page = context.pages()[0] ?? (await context.newPage());
        page.setDefaultTimeout(60_000);
        await page.goto(`${url}${OVERVIEW_PATH}`, { waitUntil: 'commit' });
        const visibleAt = await page.waitForFunction(
          () => {
            const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Visão Global');
            return heading && heading.getBoundingClientRect().height > 0 ? performance.now() : false;
          },
          undefined,
          { polling: 'raf' },
        );
        runs.push(round((await visibleAt.jsonValue()) as number, 0));
        fromLaunch.push(round(performance.now() - launchedAt, 0));
        say(`offline cold start ${run + 1}/${RUNS}: ${runs.at(-1)} ms from navigation start, ${fromLaunch.at(-1)} ms from browser launch`);
      } finally {
        await context.close();
      }
    }
    return { navigation: spread(runs), launch: spread(fromLaunch) };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function runFirstLoadBench(say: (message: string) => void): Promise<FirstLoadFigure> {
  const external = process.env.BENCH_FIRST_LOAD_URL?.replace(/\/$/, '');
  let server: BenchServer | null = null;
  let distDir: string | null = null;
  try {
    let url = external;
    if (!url) {
      distDir = mkdtempSync(join(tmpdir(), 'ho-bench-app-'));
      say('first load: building the PWA (vite build)...');
      await build({ configFile: join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
      server = await startBenchServer(distDir);
      url = server.url;
    }
    say(`first load: login page size at ${url}...`);
    const size = await measureSize(url);
    say(`first load: lighthouse, ${RUNS} runs...`);
    const lighthouse = await measureLighthouse(url, say);
    say(`first load: offline cold start, ${RUNS} runs...`);
    const coldStart = await measureOfflineColdStart(url, say);
    return { url, size, lighthouse, offlineColdStartMs: coldStart.navigation, offlineFromLaunchMs: coldStart.launch };
  } finally {
    await server?.stop();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  }
}

const range = (value: Spread, unit = '') => `${value.median}${unit} (${value.min}–${value.max})`;

export function formatFirstLoad(figure: FirstLoadFigure): string {
  const { size, lighthouse } = figure;
  const goals = FIRST_LOAD_GOALS;
  const lines = [
    `First load of ${LOGIN_PATH} (medians of ${RUNS}, min–max in brackets)`,
    `  JS + CSS, gzip:          ${size.jsCssGzipKb} kB in ${size.jsCssFiles} files (goal ≤ ${goals.jsCssGzipKb} kB: ${size.jsCssGzipKb <= goals.jsCssGzipKb ? 'met' : 'MISSED'})`,
    `  on the wire:             ${size.wireKb} kB in ${size.files} responses (decoded ${size.decodedKb} kB; encodings ${JSON.stringify(size.encodings)})`,
    lighthouse
      ? `  Lighthouse ${lighthouse.version} mobile:  ${range(lighthouse.score)} (goal ≥ ${goals.lighthouseScore} in every run: ${lighthouse.score.min >= goals.lighthouseScore ? 'met' : 'MISSED'}); FCP ${range(lighthouse.fcpMs, ' ms')}, LCP ${range(lighthouse.lcpMs, ' ms')}, TBT ${range(lighthouse.tbtMs, ' ms')}, SI ${range(lighthouse.speedIndexMs, ' ms')}\n` +
        `  Lighthouse runs:         ${lighthouse.score.runs.map((score, i) => `${score} (FCP ${lighthouse.fcpMs.runs[i]}, LCP ${lighthouse.lcpMs.runs[i]}, TBT ${lighthouse.tbtMs.runs[i]} ms)`).join('; ')}`
      : '  Lighthouse: not run',
    `  offline cold start:      ${range(figure.offlineColdStartMs, ' ms')} from navigation start to 'Visão Global' (goal < ${goals.offlineColdStartMs} ms: ${figure.offlineColdStartMs.median < goals.offlineColdStartMs ? 'met' : 'MISSED'})`,
    `  offline, from launch:    ${range(figure.offlineFromLaunchMs, ' ms')} from browser launch to 'Visão Global'`,
    `  offline runs:            ${figure.offlineColdStartMs.runs.map((ms, i) => `${ms} ms (${figure.offlineFromLaunchMs.runs[i]} ms from launch)`).join('; ')}`,
    '  largest files:',
    ...size.largest.map((file) => `    ${file.url} (${file.type}): ${file.wireKb} kB on the wire, ${file.gzipKb} kB gzip`),
  ];
  return lines.join('\n');
}
