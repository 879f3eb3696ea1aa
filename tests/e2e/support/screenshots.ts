/**
 * Optional screenshots for a person to look at: written only when
 * E2E_SCREENSHOT_DIR is set (they are never committed).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
