/**
 * Whether an error that stopped a page is a screen whose code is not on
 * this device while it is offline: the precache's second part (the office
 * screens, docs/decisions/offline-readiness.md) downloads after 'Pronto
 * para uso offline', so a technician who loses the signal right after may
 * open one that has not arrived. The error page then says so instead of
 * the generic text. Pure, so the browsers' wordings are tested as a table.
 */

/** How Chromium, Safari, Firefox and Vite's preloader word a script or style that could not load. */
const NOT_LOADED =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isScreenNotDownloaded(error: unknown, online: boolean): boolean {
  if (online) return false;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return NOT_LOADED.test(message);
}
