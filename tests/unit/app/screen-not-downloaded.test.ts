/**
 * When the error page says a screen is not on the device yet: offline, and
 * the error is a script or style that could not load, in each browser's
 * wording. Anything else keeps the generic text.
 */
import { describe, expect, it } from 'vitest';
import { isScreenNotDownloaded } from '@/app/errors/screen-not-downloaded';

describe('isScreenNotDownloaded', () => {
  const chromium = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/agents-list-abc.js');
  const cases: [string, unknown, boolean, boolean][] = [
    ['Chromium, offline', chromium, false, true],
    ['Chromium, online (a deploy removed the file: try again)', chromium, true, false],
    ['Safari, offline', new TypeError('Importing a module script failed.'), false, true],
    ['Firefox, offline', new TypeError('error loading dynamically imported module: http://localhost/assets/x.js'), false, true],
    ["Vite's style preload, offline", new Error('Unable to preload CSS for /assets/agents-list-abc.css'), false, true],
    ['a message given as text, offline', 'Failed to fetch dynamically imported module: /assets/x.js', false, true],
    ['a rendering error, offline', new TypeError("Cannot read properties of undefined (reading 'name')"), false, false],
    ['no error (the /errors page itself), offline', undefined, false, false],
    ['an object that is not an error, offline', { message: 'Failed to fetch dynamically imported module' }, false, false],
  ];

  it.each(cases)('%s', (_what, error, online, expected) => {
    expect(isScreenNotDownloaded(error, online)).toBe(expected);
  });
});
