/**
 * The history's device summary (server/routes/samples/request-device.ts):
 * the browser and system named from real user agents, Chrome before the
 * Safari token every Chromium carries.
 */
import { describe, expect, it } from 'vitest';
import { userAgentSummary } from '@server/routes/samples/request-device';

describe('userAgentSummary', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome, Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome, Linux'],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari, iPad',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge, Windows',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox, Windows'],
    ['curl/8.5.0', null],
    [undefined, null],
  ])('%s → %s', (agent, summary) => {
    expect(userAgentSummary(agent)).toBe(summary);
  });
});
