/**
 * The Mantine theme (the manifest keeps the same cyan 9 as its theme colour).
 * The `md` breakpoint is 1024 px (64em) rather than Mantine's 992 px: it is
 * where the side menu collapses into the burger menu, so a tablet in
 * portrait (768 px) and anything narrower than a landscape tablet (1024 px)
 * gets the whole width for the page (docs/decisions/tablet-shell.md).
 *
 * Every clear button of an input (Select, Autocomplete, MultiSelect,
 * TagsInput, FileInput, the date inputs) is named 'Limpar' (issue 24: a
 * screen reader on a tablet met an unnamed button). Mantine hides the
 * selects' clear button from assistive technology (keyboards clear with
 * Backspace); a touch screen reader has no Backspace, so it is shown, still
 * out of the Tab order. Its 44 px size on touch screens is CSS
 * (styles/touch-targets.css).
 */
import { createTheme, DEFAULT_THEME } from '@mantine/core';

/** Below this width the side menu is behind the burger menu. */
export const NAVBAR_BREAKPOINT = 'md';

/** The accessible name of every input's clear button. */
export const CLEAR_BUTTON_LABEL = 'Limpar';

const clearButtonProps = { 'aria-label': CLEAR_BUTTON_LABEL, 'aria-hidden': false } as const;
const withClearButton = { defaultProps: { clearButtonProps } };

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  breakpoints: { ...DEFAULT_THEME.breakpoints, md: '64em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif' },
  components: {
    // The date inputs render it directly; the others pass their clearButtonProps to it.
    InputClearButton: { defaultProps: { 'aria-label': CLEAR_BUTTON_LABEL } },
    Select: withClearButton,
    Autocomplete: withClearButton,
    MultiSelect: withClearButton,
    TagsInput: withClearButton,
    FileInput: withClearButton,
  },
});
