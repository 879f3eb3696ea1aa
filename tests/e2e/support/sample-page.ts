/**
 * Steps on the sample page (Amostras/Editar) shared by the sample tests:
 * its fields by their label, its tabs, a field's value awaited, and Salvar
 * until the page has nothing unsaved.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { POLL } from './browser';

/** A text field by its exact label. */
export const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

export const sampleTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

export async function openTab(page: Page, name: string): Promise<void> {
  await sampleTab(page, name).click();
  await expect.poll(() => sampleTab(page, name).getAttribute('aria-selected'), POLL).toBe('true');
}

export async function expectValue(field: Locator, value: string): Promise<void> {
  await expect.poll(() => field.inputValue(), POLL).toBe(value);
}

/** Salvar: the success alert, then nothing left unsaved. */
export async function saveSample(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('alert').filter({ hasText: 'Amostragem salva com sucesso' }).first().waitFor();
  await expect.poll(() => page.getByText('Alterações não salvas', { exact: true }).count(), POLL).toBe(0);
}
