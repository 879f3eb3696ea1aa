/**
 * The build's index.html rewrite (scripts/build/deferred-styles.ts): the
 * entry's stylesheet links become non-blocking preloads that the start-up
 * code (src/app/start-up.ts) applies before React renders; nothing else in
 * the page changes.
 */
import { describe, expect, it } from 'vitest';
import { deferStylesheetLinks } from '../../../scripts/build/deferred-styles';

describe('deferStylesheetLinks', () => {
  it.each([
    {
      label: "Vite's link",
      html: '<link rel="stylesheet" crossorigin href="/assets/index-DWrPa_N1.css">',
      expected: '<link rel="preload" as="style" crossorigin href="/assets/index-DWrPa_N1.css" data-deferred-style>',
    },
    {
      label: 'without crossorigin, self-closed',
      html: '<link rel="stylesheet" href="/assets/a.css" />',
      expected: '<link rel="preload" as="style" href="/assets/a.css" data-deferred-style>',
    },
    {
      label: 'two links',
      html: '<link rel="stylesheet" crossorigin href="/a.css">\n<link rel="stylesheet" crossorigin href="/b.css">',
      expected:
        '<link rel="preload" as="style" crossorigin href="/a.css" data-deferred-style>\n<link rel="preload" as="style" crossorigin href="/b.css" data-deferred-style>',
    },
    {
      label: 'a module preload is left alone',
      html: '<link rel="modulepreload" crossorigin href="/assets/x.js">',
      expected: '<link rel="modulepreload" crossorigin href="/assets/x.js">',
    },
    {
      label: 'the manifest is left alone',
      html: '<link rel="manifest" href="/manifest.webmanifest">',
      expected: '<link rel="manifest" href="/manifest.webmanifest">',
    },
    {
      label: 'an icon is left alone',
      html: '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      expected: '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    },
  ])('$label', ({ html, expected }) => {
    expect(deferStylesheetLinks(html)).toBe(expected);
  });
});
