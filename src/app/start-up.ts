/**
 * Helpers of the start-up sequence in main.tsx: waiting for the stylesheets
 * index.html loads without blocking the first paint (see
 * scripts/build/deferred-styles.ts), and handing the main thread back to the
 * browser between start-up steps so that none of them is one long task.
 */

/** The marker scripts/build/deferred-styles.ts puts on the links; keep the two in step. */
const DEFERRED_STYLE_SELECTOR = 'link[data-deferred-style]';

/**
 * Applies the deferred stylesheets and resolves once they are loaded (or
 * failed: a missing file must not keep the app from starting). In
 * development there are none: Vite injects the styles itself.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLE_SELECTOR)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-deferred-style');
          // The preload has fetched (or is fetching) the file: as a stylesheet it comes from the cache.
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}

/** Resolves in a later task, so the browser can paint and handle input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
