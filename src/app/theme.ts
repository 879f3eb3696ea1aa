/**
 * The Mantine theme and the colour the manifest and the browser chrome use.
 */
import { createTheme } from '@mantine/core';

/** Mantine cyan 9: the toolbar colour of the installed app. */
export const THEME_COLOR = '#0b7285';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif' },
});
