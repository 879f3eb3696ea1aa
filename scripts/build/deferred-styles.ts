/**
 * Vite plugin (build only): the entry's stylesheet links in index.html
 * become `<link rel="preload" as="style" data-deferred-style>`, fetched at
 * once but no longer render-blocking. The first paint is index.html's
 * splash, whose few rules are inline, so it need not wait for the 10 kB of
 * CSS; `src/app/start-up.ts` turns the links into stylesheets and waits for
 * them before React renders anything, so no page ever shows unstyled.
 * Lighthouse listed that file as the one render-blocking resource (about
 * 170 ms of its simulated first paint); docs/decisions/first-load-margin.md.
 */
import type { Plugin } from 'vite';

/** The marker `src/app/start-up.ts` looks for; keep the two in step. */
export const DEFERRED_STYLE_ATTRIBUTE = 'data-deferred-style';

const STYLESHEET_LINK = /<link rel="stylesheet"((?:\s+crossorigin)?)\s+href="([^"]+\.css)"\s*\/?>/g;

/** Rewrites every stylesheet link of a built index.html into a deferred one. */
export function deferStylesheetLinks(html: string): string {
  return html.replace(
    STYLESHEET_LINK,
    (_match, crossorigin: string, href: string) => `<link rel="preload" as="style"${crossorigin} href="${href}" ${DEFERRED_STYLE_ATTRIBUTE}>`,
  );
}

export function deferredStyles(): Plugin {
  return {
    name: 'ho-deferred-styles',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => deferStylesheetLinks(html) },
  };
}
