/**
 * Offline readiness (issue 26) in Chromium at a tablet's portrait width:
 * after sign-in the header shows 'Preparando uso offline… NN %' and then
 * 'Pronto para uso offline', without clipping the header; at that moment
 * the worker's first group is all in the cache; offline, a reload opens the
 * app and the samples screen, and it still says it is ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectivity, launchChromium, signInAs, tabletContext } from './support/browser';
import { precacheCounts } from './support/precache-status';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline readiness', () => {
  it('says when it is safe to lose the signal, and then the app opens offline', async () => {
    const context = await tabletContext(browser);
    const page = await context.newPage();
    await signInAs(page);

    const line = page.getByTestId('offline-readiness');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = (await line.textContent().catch(() => null)) ?? '';
          seen.add(text);
          return text;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('Pronto para uso offline');
    for (const text of seen) expect(text).toMatch(/^(|Preparando uso offline… \d{1,2} %|Pronto para uso offline)$/);

    // Ready means the worker controls the page and its whole first group is cached.
    const status = await precacheCounts(page);
    expect(status?.first.files).toBeGreaterThan(50);
    expect(status?.first.cachedFiles).toBe(status?.first.files);

    // At 768 px the line is whole and the header does not overflow.
    const fit = await page.evaluate(() => {
      const header = document.querySelector('header');
      const text = document.querySelector('[data-testid="offline-readiness"]');
      const box = text?.getBoundingClientRect();
      return {
        headerOverflow: header ? header.scrollWidth - header.clientWidth : -1,
        clipped: text ? text.scrollWidth - text.clientWidth : -1,
        inside: box ? box.left >= 0 && box.right <= window.innerWidth : false,
      };
    });
    expect(fit).toEqual({ headerOverflow: 0, clipped: 0, inside: true });

    await context.setOffline(true);
    await page.reload();
    await connectivity(page)
      .filter({ hasText: /^Offline/ })
      .waitFor();
    await expect.poll(() => line.textContent()).toBe('Pronto para uso offline');

    await page.goto('/admin/amostra');
    await page.locator('main').getByText('Amostras', { exact: true }).first().waitFor();
    await context.close();
  });
});
