/**
 * How the browser tests and the benchmark run Chromium: Debian's
 * /usr/bin/chromium (playwright-core never downloads one), headless, with
 * the background services that would reach the network switched off. Kept
 * apart from browser.ts, which needs vitest's context, so the benchmark can
 * use it too.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
