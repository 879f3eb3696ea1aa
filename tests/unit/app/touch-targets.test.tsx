/**
 * Touch targets inside inputs and editors (issue 24, at 768×1024 with
 * touch): every clear button is named 'Limpar' and reachable by a screen
 * reader (the theme); on touch screens (`pointer: coarse`) the clear
 * buttons, the rich-text toolbar's controls and a checkbox's target are at
 * least 44 px (styles/touch-targets.css, loaded with the first page's
 * styles). jsdom neither lays out nor matches media queries: the rules are
 * read from the style sheet as the browser parses it; the sizes themselves
 * were measured in Chromium (docs/decisions/tablet-shell.md, 2026-11-29).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Autocomplete, FileInput, MantineProvider, MultiSelect, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLEAR_BUTTON_LABEL, theme } from '@/app/theme';

/** A file of the project (the tests run from its root). */
const read = (path: string) => readFileSync(resolve(process.cwd(), path), 'utf8');

describe('clear buttons', () => {
  it("are named 'Limpar' and not hidden from assistive technology", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Select label="Instrumento" clearable data={['Dosímetro']} defaultValue="Dosímetro" />
        <Autocomplete label="Unidade" clearable data={['mg/m³']} defaultValue="mg/m³" />
        <MultiSelect label="Agentes" clearable data={['Benzeno']} defaultValue={['Benzeno']} />
        <FileInput label="Imagem" clearable defaultValue={new File(['x'], 'foto.jpg', { type: 'image/jpeg' })} />
      </MantineProvider>,
    );
    expect(CLEAR_BUTTON_LABEL).toBe('Limpar');
    const buttons = screen.getAllByRole('button', { name: 'Limpar' });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) expect(button).not.toHaveAttribute('aria-hidden', 'true');
  });
});

/** The rules of a style sheet inside `@media (pointer: coarse)`, by selector, as the browser's CSS parser reads them. */
function coarseRules(css: string): Map<string, CSSStyleDeclaration> {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const rules = new Map<string, CSSStyleDeclaration>();
  for (const rule of Array.from(style.sheet!.cssRules)) {
    if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.includes('pointer: coarse')) continue;
    for (const inner of Array.from(rule.cssRules) as CSSStyleRule[]) {
      for (const selector of inner.selectorText.split(',')) rules.set(selector.trim().replace(/\s+/g, ' '), inner.style);
    }
  }
  style.remove();
  return rules;
}

describe('44 px on touch screens', () => {
  const rules = coarseRules(read('src/app/styles/touch-targets.css'));

  it.each([
    [':root .mantine-InputClearButton-root', ['width', 'height', 'min-width', 'min-height']],
    [':root [data-rich-text-editor-control]', ['min-width', 'min-height']],
  ])('%s: %j at least the touch target', (selector, properties) => {
    const style = rules.get(selector);
    expect(style, selector).toBeDefined();
    for (const property of properties) expect(style!.getPropertyValue(property)).toBe('var(--touch-target)');
  });

  it("a checkbox's box gets a 44 px square around it", () => {
    const after = rules.get(':root .mantine-Checkbox-input::after');
    expect(after?.getPropertyValue('position')).toBe('absolute');
    expect(after?.getPropertyValue('inset').replace(/\s+/g, ' ')).toBe('calc((var(--checkbox-size) - var(--touch-target)) / 2)');
    expect(rules.get(':root .mantine-Checkbox-input')?.getPropertyValue('position')).toBe('relative');
  });

  it('the clear button no longer covers the text: the input stops before it', () => {
    const padding = [...rules.entries()]
      .filter(([selector]) => selector.endsWith('> .mantine-Input-input'))
      .map(([, style]) => style.getPropertyValue('padding-inline-end'));
    expect(padding).toEqual(expect.arrayContaining(['calc(var(--touch-target) + 4px)', 'calc(var(--touch-target) + 40px)']));
  });

  it('the touch target is 44 px, and these rules load with the first page', () => {
    expect(read('src/app/shell.css')).toMatch(/--touch-target:\s*44px;/);
    expect(read('src/app/styles/base-styles.ts')).toContain("import './touch-targets.css';");
  });
});
