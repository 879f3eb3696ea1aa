/**
 * `npm run bench`: the sync engine's figures, measured in one run on this
 * machine against the real API server (its own process, PGlite in memory,
 * loopback). Not part of the tests. Prints a table and writes
 * bench/results.json; bench/README.md says what each figure means.
 *
 * 1. Push: 1,000 agents queued offline (saveRecord), then one engine sync
 *    run; versus the same 1,000 creates sent with plain fetch at the
 *    engine's concurrency. Warm-up first; then alternating pairs on a
 *    freshly emptied database each time; medians. In Node (fake-indexeddb)
 *    and in Chromium (real IndexedDB).
 * 2. Pull: 10,000 agents seeded straight into the database, pulled by the
 *    engine into an empty store, against the same list calls made with
 *    plain fetch (Node and Chromium).
 * 3. Search: 50 varied terms on the 10,000 pulled agents, page 1, against
 *    page 1 unsearched (Chromium: the goal; Node: secondary).
 *
 * 4. API throughput (api-throughput.ts): list calls per second at p99
 *    under 25 ms, PGlite and PostgreSQL with 1 and 2 processes, before and
 *    after issue 10's server work.
 * 4b. API at scale (issue 26, api-scale.ts): searches, first, middle and
 *    last pages and the held rate at 100,000 agents and customers, PGlite
 *    and PostgreSQL, before and after.
 *
 * 5. First load (issue 10, bench/first-load.ts): the login page's size
 *    (gzip and on the wire), its Lighthouse mobile score, and the installed
 *    app's offline cold start; the real PWA on a server of its own.
 *
 * 6. Photos (issue 13, bench/photos.ts): a 12 MP photo reduced on the
 *    device, and a sample with 20 photos opened, in Chromium.
 * 7. Quotation typing (issue 11, bench/quotation-typing.ts): a keystroke in
 *    a 100-row quotation to the new total on screen, against a plain input
 *    on the same page; the login page's size before and after the editor.
 * 8. PDF (issue 11, bench/pdf.ts): a 100-agent-row quotation's PDF on the
 *    server (warm) and in Chromium offline, against an empty quotation's.
 * 9. Sample typing (issue 13, bench/sample-typing.ts): keystroke →
 *    updated figure in the noise Resultado tab in Chromium, against a
 *    plain input in the same run.
 * 10. Chemical sample (issue 22, bench/sample-chemical.ts): with ten agent
 *    rows, a key to a new volume and to a new risk level in Chromium
 *    (`chemical-typing`, against a plain input), and its report with eight
 *    photos on the server warm and in Chromium offline, with its size
 *    (`chemical-pdf`, against a blank sample's report).
 * 11. Server memory (issue 26, bench/server-memory.ts): the server's RSS
 *    with the demo data, up, after a first sync and idle, before and after.
 * 12. Weak link (issue 26, bench/weak-link.ts): a technician's sign-in on a
 *    shaped 400 kbit/s link until the tablet is ready offline, before and after.
 *
 * Sizes can be lowered for a quick try: BENCH_PUSH_COUNT, BENCH_REPEATS
 * (Node pairs), BENCH_BROWSER_REPEATS (Chromium pairs), BENCH_PULL_COUNT,
 * BENCH_API_RUNS; BENCH_PARTS picks parts (comma-separated: node-push,
 * node-pull, chromium-pull, chromium-push, api-throughput, api-scale, first-load,
 * photos, quotation-typing, pdf, sample-typing, chemical-typing, chemical-pdf,
 * server-memory, weak-link; default all).
 * BENCH_TYPING_ROUNDS: rounds of part 9.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { measureApiScale, type ApiScaleResults } from './api-scale';
import { formatApiThroughput, measureApiThroughput } from './api-throughput';
import { DEFAULT_PULL_PAGE_SIZE } from '@sync/engine/pull';
import { formatFirstLoad, runFirstLoadBench, type FirstLoadFigure } from './first-load';
import { formatPhotos, runPhotosBench, type PhotosFigure } from './photos';
import { formatQuotationTyping, runQuotationTypingBench, type QuotationTypingFigure } from './quotation-typing';
import { formatPdf, runPdfBench, type PdfFigure } from './pdf';
import { formatSampleTyping, runSampleTypingBench } from './sample-typing';
import { formatServerMemory, measureServerMemory, type ServerMemoryResults } from './server-memory';
import { formatWeakLink, runWeakLinkBench, type WeakLinkResults } from './weak-link';
import { type ChemicalKeyFigure, type ChemicalPdfFigure, formatChemical, runChemicalPdfBench, runChemicalTypingBench } from './sample-chemical';
import { SEARCH_TERMS } from './support/agents';
import { openBenchPage, type BenchBrowser } from './support/chromium';
import { formatResults, loadAverageNow, machineInfo, type BenchResults, type PullFigure, type PushFigure, type SearchFigure } from './support/report';
import { formatApiScale } from './support/scale-report';
import {
  directPull,
  directPush,
  enginePull,
  enginePush,
  ENGINE_CONCURRENCY,
  searchBench,
  type Connection,
  type DirectPushTiming,
  type EnginePushTiming,
  type SearchTiming,
} from './support/scenarios';
import { BENCH_ADMIN, startBenchServer, type BenchServer } from './support/server-control';
import { signIn } from './support/sign-in';
import { median } from './support/stats';

const PUSH_COUNT = Number(process.env.BENCH_PUSH_COUNT ?? 1_000);
const NODE_REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
/** Two pairs (one of each order) keep the whole run near five minutes on two cores. */
const BROWSER_REPEATS = Number(process.env.BENCH_BROWSER_REPEATS ?? 2);
const WARM_UP_COUNT = Math.min(100, PUSH_COUNT);
const PULL_COUNT = Number(process.env.BENCH_PULL_COUNT ?? 10_000);
const PARTS = new Set(
  (
    process.env.BENCH_PARTS ??
    'node-push,node-pull,chromium-pull,chromium-push,api-throughput,api-scale,first-load,photos,quotation-typing,pdf,sample-typing,chemical-typing,chemical-pdf,server-memory,weak-link'
  )
    .split(',')
    .map((part) => part.trim()),
);
/** The parts that use the bench server and page (api-throughput starts its own servers). */
const SYNC_PARTS = ['node-push', 'node-pull', 'chromium-pull', 'chromium-push', 'pdf', 'chemical-pdf'];
const PUSH_GOAL = 1.5;
const SEARCH_GOAL_MS = 50;
/** The first search on a connection just opened (issue 26). */
const FIRST_SEARCH_GOAL_MS = 300;
const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));
const NODE = 'node + fake-indexeddb' as const;

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const say = (message: string) => console.log(`[bench] ${message}`);

interface PushRunner {
  /** `batchSize` 1: the engine sending one request per create, as before batch calls. */
  engine(count: number, tag: string, batchSize?: number): Promise<EnginePushTiming>;
  direct(count: number, tag: string): Promise<DirectPushTiming>;
}

/**
 * Warm-up (one small run each side), then `REPEATS` pairs, the order
 * alternating (engine first, then direct first, ...); the database is
 * emptied before every run so each does the same work.
 */
async function measurePush(
  server: BenchServer,
  runner: PushRunner,
  environment: PushFigure['environment'],
  repeats: number,
  run: string,
): Promise<PushFigure> {
  await server.command({ cmd: 'reset' });
  await runner.engine(WARM_UP_COUNT, `${run}w1`);
  await server.command({ cmd: 'reset' });
  await runner.direct(WARM_UP_COUNT, `${run}w2`);
  const engine: EnginePushTiming[] = [];
  const direct: DirectPushTiming[] = [];
  const single: EnginePushTiming[] = [];
  const pairRatios: number[] = [];
  for (let pair = 0; pair < repeats; pair += 1) {
    const sides = pair % 2 === 0 ? (['engine', 'direct', 'single'] as const) : (['single', 'direct', 'engine'] as const);
    for (const side of sides) {
      await server.command({ cmd: 'reset' });
      const tag = `${run}${pair}${side[0]}`;
      if (side === 'engine') engine.push(await runner.engine(PUSH_COUNT, tag));
      else if (side === 'single') single.push(await runner.engine(PUSH_COUNT, tag, 1));
      else direct.push(await runner.direct(PUSH_COUNT, tag));
    }
    pairRatios.push(engine.at(-1)!.pushMs / direct.at(-1)!.ms);
    say(
      `${environment} push round ${pair + 1}/${repeats}: engine ${Math.round(engine.at(-1)!.pushMs)} ms in ${engine.at(-1)!.pushRequests} requests, ` +
        `direct ${Math.round(direct.at(-1)!.ms)} ms, engine one request per create ${Math.round(single.at(-1)!.pushMs)} ms`,
    );
  }
  const singleMedian = median(single.map((timing) => timing.pushMs));
  const engineMedian = median(engine.map((timing) => timing.pushMs));
  const directMedian = median(direct.map((timing) => timing.ms));
  const ratio = engineMedian / directMedian;
  return {
    environment,
    creates: PUSH_COUNT,
    concurrency: ENGINE_CONCURRENCY,
    engine: {
      runsMs: engine.map((timing) => timing.pushMs),
      medianMs: engineMedian,
      inFlight: engine.map((timing) => timing.pushInFlight),
      clientCpuMs: engine.map((timing) => timing.pushCpuMs),
      queueMs: engine.map((timing) => timing.queueMs),
      syncRunMs: engine.map((timing) => timing.runMs),
    },
    direct: {
      runsMs: direct.map((timing) => timing.ms),
      medianMs: directMedian,
      inFlight: direct.map((timing) => timing.inFlight),
      clientCpuMs: direct.map((timing) => timing.cpuMs),
    },
    ratio,
    pairRatios,
    single: {
      runsMs: single.map((timing) => timing.pushMs),
      medianMs: singleMedian,
      inFlight: single.map((timing) => timing.pushInFlight),
      clientCpuMs: single.map((timing) => timing.pushCpuMs),
      ratio: singleMedian / directMedian,
    },
    requests: engine.map((timing) => timing.pushRequests),
    goal: PUSH_GOAL,
    // "In every run": each round's engine ÷ direct.
    met: pairRatios.every((pairRatio) => pairRatio <= PUSH_GOAL),
  };
}

function pullFigure(environment: PullFigure['environment'], ms: number, records: number, directMs: number): PullFigure {
  return { environment, records, pageSize: DEFAULT_PULL_PAGE_SIZE, ms, recordsPerSecond: (records / ms) * 1000, directMs, ratio: ms / directMs };
}

function searchFigure(environment: SearchFigure['environment'], timing: SearchTiming, goalMs: number | null): SearchFigure {
  const group = (from: number, to: number) => {
    const times = timing.terms.filter((term) => term.total >= from && term.total <= to).map((term) => term.ms);
    return { queries: times.length, medianMs: times.length > 0 ? median(times) : null };
  };
  return {
    environment,
    records: timing.records,
    queries: timing.queries,
    medianMs: timing.medianMs,
    p95Ms: timing.p95Ms,
    maxMs: timing.maxMs,
    baselineMedianMs: timing.baselineMedianMs,
    baselineCountMedianMs: timing.baselineCountMedianMs,
    byMatches: { upTo100: group(0, 100), upTo1000: group(101, 1_000), over1000: group(1_001, Number.POSITIVE_INFINITY) },
    ratioToBaseline: timing.medianMs / timing.baselineMedianMs,
    goalMs,
    // The goal is the slow end (issue 26: p95 under 50 ms).
    met: goalMs === null ? null : timing.p95Ms < goalMs,
    terms: timing.terms,
    firstSearchMs: timing.firstSearchMs,
    firstSearchMaxMs: timing.firstSearchMaxMs,
    firstSearchNoSnapshotMs: timing.firstSearchNoSnapshotMs,
    snapshotStoredAfterMs: timing.snapshotStoredAfterMs,
    firstGoalMs: goalMs === null ? null : FIRST_SEARCH_GOAL_MS,
  };
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const loadAtStart = loadAverageNow();
  const pageDir = mkdtempSync(join(tmpdir(), 'ho-bench-page-'));
  let server: BenchServer | null = null;
  let browser: BenchBrowser | null = null;
  const results: Pick<BenchResults, 'push' | 'pull' | 'search' | 'apiThroughput' | 'sampleTyping'> = { push: [], pull: [], search: [] };
  let firstLoad: FirstLoadFigure | null = null;
  let photos: PhotosFigure | null = null;
  let quotationTyping: QuotationTypingFigure | null = null;
  const extra: {
    pdf?: PdfFigure;
    chemicalTyping?: ChemicalKeyFigure[];
    chemicalPdf?: ChemicalPdfFigure;
    apiScale?: ApiScaleResults;
    serverMemory?: ServerMemoryResults;
    weakLink?: WeakLinkResults;
  } = {};
  try {
    // The parts with servers of their own first, so the sync parts' server is not running beside them.
    if (PARTS.has('first-load')) firstLoad = await runFirstLoadBench(say);
    if (PARTS.has('api-throughput')) results.apiThroughput = await measureApiThroughput(say);
    if (PARTS.has('api-scale')) extra.apiScale = await measureApiScale(say);
    if (PARTS.has('server-memory')) extra.serverMemory = await measureServerMemory(say);
    if (PARTS.has('weak-link')) extra.weakLink = await runWeakLinkBench(say);
    if (PARTS.has('photos')) photos = await runPhotosBench(say);
    if (PARTS.has('quotation-typing')) quotationTyping = await runQuotationTypingBench(say);
    if (PARTS.has('sample-typing')) results.sampleTyping = await runSampleTypingBench(say);
    if (PARTS.has('chemical-typing')) extra.chemicalTyping = await runChemicalTypingBench(say);
    if (SYNC_PARTS.some((part) => PARTS.has(part)))
      await syncParts(results, extra, pageDir, (opened) => {
        server = opened.server ?? server;
        browser = opened.browser ?? browser;
      });
    const output: BenchResults = {
      date: new Date(startedAt).toISOString(),
      machine: {
        ...machineInfo(),
        chromium: (browser as BenchBrowser | null)?.version ?? null,
        loadAverage: { start: loadAtStart, end: loadAverageNow() },
      },
      durationSeconds: Math.round((Date.now() - startedAt) / 1000),
      ...results,
      firstLoad,
      photos,
      quotationTyping,
    };
    writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...output, ...extra }, null, 2)}\n`);
    if (SYNC_PARTS.some((part) => part !== 'pdf' && part !== 'chemical-pdf' && PARTS.has(part))) console.log(`\n${formatResults(output)}\n`);
    if (extra.pdf) console.log(`\n${formatPdf(extra.pdf)}\n`);
    if (results.apiThroughput) console.log(`${formatApiThroughput(results.apiThroughput)}\n`);
    if (extra.apiScale) console.log(`${formatApiScale(extra.apiScale)}\n`);
    if (extra.serverMemory) console.log(`${formatServerMemory(extra.serverMemory)}\n`);
    if (extra.weakLink) console.log(`${formatWeakLink(extra.weakLink)}\n`);
    if (firstLoad) console.log(`${formatFirstLoad(firstLoad)}\n`);
    if (photos) console.log(`${formatPhotos(photos)}\n`);
    if (quotationTyping) console.log(`${formatQuotationTyping(quotationTyping)}\n`);
    if (results.sampleTyping) console.log(`${formatSampleTyping(results.sampleTyping)}\n`);
    if (extra.chemicalTyping || extra.chemicalPdf) console.log(`${formatChemical(extra.chemicalTyping ?? null, extra.chemicalPdf ?? null)}\n`);
    say(`written to ${RESULTS_FILE}`);
  } finally {
    await (browser as BenchBrowser | null)?.close();
    await (server as BenchServer | null)?.stop();
    rmSync(pageDir, { recursive: true, force: true });
  }
}

/** Parts 1 to 3: the bench page and server, Node and Chromium clients. */
async function syncParts(
  results: Pick<BenchResults, 'push' | 'pull' | 'search'>,
  extra: { pdf?: PdfFigure; chemicalPdf?: ChemicalPdfFigure },
  pageDir: string,
  opened: (started: { server?: BenchServer; browser?: BenchBrowser }) => void,
): Promise<void> {
  let server: BenchServer | null = null;
  let browser: BenchBrowser | null = null;
  {
    say('building the bench page (vite)...');
    await build({ configFile: fileURLToPath(new URL('./vite.bench.config.ts', import.meta.url)), build: { outDir: pageDir } });
    server = await startBenchServer(pageDir);
    opened({ server });
    const connection: Connection = { baseUrl: server.url, token: await signIn(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password) };
    say(`server at ${server.url}`);

    if (PARTS.has('node-push')) {
      say(`push in Node: ${PUSH_COUNT} creates, ${NODE_REPEATS} pairs...`);
      const runner: PushRunner = {
        engine: (count, tag, batchSize) => enginePush(connection, count, tag, cpuMs, batchSize),
        direct: (count, tag) => directPush(connection, count, tag, cpuMs),
      };
      results.push.push(await measurePush(server, runner, NODE, NODE_REPEATS, 'n'));
    }

    let nodeSearch: SearchTiming | null = null;
    if (PARTS.has('node-pull') || PARTS.has('chromium-pull')) {
      await server.command({ cmd: 'reset' });
      await server.command({ cmd: 'seed-agents', count: PULL_COUNT, tag: 's' });
    }
    if (PARTS.has('node-pull')) {
      say(`pull and search in Node: ${PULL_COUNT} agents...`);
      await directPull(connection, DEFAULT_PULL_PAGE_SIZE);
      const direct = await directPull(connection, DEFAULT_PULL_PAGE_SIZE);
      const pulled = await enginePull(connection, PULL_COUNT, 'node');
      results.pull.push(pullFigure(NODE, pulled.ms, pulled.records, direct.ms));
      nodeSearch = await searchBench(pulled.store.db, SEARCH_TERMS);
      await pulled.store.close();
    }

    if (['chromium-pull', 'chromium-push', 'pdf', 'chemical-pdf'].some((part) => PARTS.has(part))) {
      browser = await openBenchPage(`${server.url}/`);
      opened({ browser });
      await browser.call('signIn', BENCH_ADMIN.username, BENCH_ADMIN.password);
    }
    if (browser && PARTS.has('chromium-pull')) {
      say(`pull and search in Chromium ${browser.version}: ${PULL_COUNT} agents...`);
      await browser.call('directPull', DEFAULT_PULL_PAGE_SIZE);
      const direct = await browser.call('directPull', DEFAULT_PULL_PAGE_SIZE);
      const browserPull = await browser.call('pull', PULL_COUNT, 'chromium');
      results.pull.push(pullFigure('chromium', browserPull.ms, browserPull.records, direct.ms));
      results.search.push(searchFigure('chromium', await browser.call('search'), SEARCH_GOAL_MS));
      await browser.call('close');
    }
    if (nodeSearch) results.search.push(searchFigure(NODE, nodeSearch, null));

    if (browser && PARTS.has('chromium-push')) {
      say(`push in Chromium: ${PUSH_COUNT} creates, ${BROWSER_REPEATS} pairs...`);
      const page = browser;
      const runner: PushRunner = {
        engine: (count, tag, batchSize) => page.call('enginePush', count, tag, batchSize),
        direct: (count, tag) => page.call('directPush', count, tag),
      };
      results.push.push(await measurePush(server, runner, 'chromium', BROWSER_REPEATS, 'c'));
    }
    if (PARTS.has('pdf')) extra.pdf = await runPdfBench(server, browser, say);
    if (PARTS.has('chemical-pdf')) extra.chemicalPdf = await runChemicalPdfBench(server, browser, say);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
