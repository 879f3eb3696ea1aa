/**
 * Chromium for the benchmark: Debian's /usr/bin/chromium through
 * playwright-core, with the flags of the browser tests
 * (tests/e2e/support/chromium-flags.ts),
 * on a persistent profile in a temporary folder so IndexedDB is on disk as
 * on a device (an incognito context keeps it in memory). The page is the
 * bench page the bench server serves; `call` runs one of its `window.bench`
 * functions. With `BENCH_CPU_PROFILE=<folder>`, each call is recorded with
 * the page's CPU profiler (CDP) into `<folder>/<n>-<method>.cpuprofile`, for
 * Chrome DevTools' Performance panel or speedscope.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium-flags';
import type { BenchPage } from '../browser/bench-page';

type Method = keyof BenchPage;

export interface BenchBrowser {
  version: string;
  call<M extends Method>(method: M, ...args: Parameters<BenchPage[M]>): Promise<Awaited<ReturnType<BenchPage[M]>>>;
  /** Takes the page's network away (part `pdf`: printing offline) or gives it back. */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function openBenchPage(url: string): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'ho-bench-chromium-'));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page: Page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(300_000);
    await page.goto(url);
    await page.getByText('pronto').waitFor();
    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    const opened = context;
    const profileFolder = process.env.BENCH_CPU_PROFILE;
    const cdp = profileFolder ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    let calls = 0;
    const evaluate = (method: string, args: unknown[]) =>
      page.evaluate(([name, values]) => (window as unknown as { bench: Record<string, (...a: unknown[]) => unknown> }).bench[name]!(...values), [
        method,
        args,
      ] as [string, unknown[]]);
    return {
      version,
      call: (async (method: string, ...args: unknown[]) => {
        if (!cdp) return evaluate(method, args);
        await cdp.send('Profiler.start');
        try {
          return await evaluate(method, args);
        } finally {
          const { profile } = await cdp.send('Profiler.stop');
          calls += 1;
          writeFileSync(join(profileFolder!, `${calls}-${method}.cpuprofile`), JSON.stringify(profile));
        }
      }) as never,
      setOffline: (offline) => opened.setOffline(offline),
      async close() {
        await opened.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
