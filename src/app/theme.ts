/**
 * The Mantine theme (the manifest keeps the same cyan 9 as its theme colour).
 * The `md` breakpoint is 1024 px (64em) rather than Mantine's 992 px: it is
 * where the side menu collapses into the burger menu, so a tablet in
 * portrait (768 px) and anything narrower than a landscape tablet (1024 px)
 * gets the whole width for the page (docs/decisions/tablet-shell.md).
 */
import { createTheme, DEFAULT_THEME } from '@mantine/core';

/** Below this width the side menu is behind the burger menu. */
export const NAVBAR_BREAKPOINT = 'md';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  breakpoints: { ...DEFAULT_THEME.breakpoints, md: '64em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif' },
});
