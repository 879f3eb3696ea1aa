/**
 * The settings screens on a device talking to the real server (the Fastify
 * app on loopback with PGlite, in its own process: tests/unit/support/
 * test-server.ts), a local store on fake-indexeddb that has pulled the
 * settings, and an engine (not started)
 * whose online writes the screens use. `offline()` turns the device's
 * connection off, as the browser's offline event does.
 */
import { configure, screen, within } from '@testing-library/react';
import { SyncEngine } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import { readAll } from '@sync/store/queries';
import { SettingsPage } from '@/features/settings';
import { formDataFetch, passwordGrant, TEST_ADMIN } from '../../support/node-device';
import { renderWithProviders } from '../../support/render';
import type { TestServer } from '../../support/test-server';

const ADMIN = TEST_ADMIN;
/** The real fetch, kept before a test replaces the global one (postcodeService). */
const realFetch = globalThis.fetch;

/**
 * A save goes through the real server after the device's first pull: on CI's two loaded cores 8 s was missed once.
 * Set for each device, not when this module loads: a worker's files share loaded modules (isolate: false), and
 * tests/unit/setup.ts puts the default back for every file, so a setting made once at load would hold only in
 * the first settings file of a worker.
 */
const SETTINGS_WAIT_MS = 20_000;

export interface Device {
  db: SyncDatabase;
  engine: SyncEngine;
  environment: ManualEnvironment;
  /** The device's value of an option. */
  option(name: string): Promise<string | undefined>;
  /** The bytes the server serves at `path`, with this device's token. */
  download(path: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function openDevice(t: TestServer, username = ADMIN.username, password = ADMIN.password): Promise<Device> {
  configure({ asyncUtilTimeout: SETTINGS_WAIT_MS });
  const tokens = { access_token: await passwordGrant(t.baseUrl, username, password) };
  const db = new SyncDatabase(`settings-${newKey()}`);
  await db.open();
  const environment = manualEnvironment(true);
  const engine = new SyncEngine({
    db,
    baseUrl: t.baseUrl,
    auth: { getAccessToken: async () => tokens.access_token, refresh: async () => false },
    fetch: formDataFetch,
    environment,
    lock: noLock,
    timeoutMs: 5_000,
  });
  await engine.syncNow();
  return {
    db,
    engine,
    environment,
    download: async (path) => {
      const response = await realFetch(`${t.baseUrl}/${path}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    option: async (name) => (await readAll(db, 'settings')).find((row) => row.option === name)?.value as string | undefined,
    async close() {
      await engine.stop();
      db.close();
      await db.delete();
    },
  };
}

export async function renderSettings(device: Device, { isAdmin = true } = {}) {
  await renderWithProviders(<SettingsPage isAdmin={isAdmin} />, { db: device.db, engine: device.engine, notifications: true });
}

/** Goes offline as the browser does: the engine's environment and navigator.onLine, with the event the screens follow. */
export function goOffline(device: Device): () => void {
  device.environment.set(false);
  const descriptor = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
  return () => {
    device.environment.set(true);
    if (descriptor) Object.defineProperty(window.navigator, 'onLine', descriptor);
    else delete (window.navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  };
}

/** The public postcode service (outside the machine) answers this address; other calls go through. */
export function postcodeService(answer: Record<string, string>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith('https://viacep.com.br/')) return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    return realFetch(input, init);
  }) as typeof fetch;
}

/** Writes text into a field at its cursor in one input event (a paste): the masks and rules run as on typing, much faster. */
export async function enter(user: { click(element: Element): Promise<void>; paste(text: string): Promise<void> }, element: Element, text: string) {
  await user.click(element);
  await user.paste(text);
}

const HIDDEN_PANEL = '[role="tabpanel"][style*="display: none"]';

/**
 * Where the visible fields are: the shown top-level tab panels (every field of the settings page is in one), or the
 * whole page when it has none. A label query asks each element of its container for its labels, and jsdom answers
 * each by walking the whole document: over the whole page that was a quarter of a settings file's CPU
 * (bench/test-suite.md, "Stop 40").
 */
function shownPanels(): HTMLElement[] {
  const panels = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter(
    (panel) => !panel.matches(HIDDEN_PANEL) && !panel.parentElement?.closest('[role="tabpanel"]'),
  );
  return panels.length > 0 ? panels : [document.body];
}

/**
 * The visible text fields labelled `label`. The settings page keeps every tab's fields mounted, the inactive
 * panels hidden (`display: none` on the panel); a role query tells them apart by computing every element's
 * accessibility, about a second per query on this page in jsdom (bench/test-suite.md, "Stop 36"). The label
 * and the panels' own style say the same here, at a fraction of the cost.
 */
export function visibleFields(label: string | RegExp): HTMLElement[] {
  const found = shownPanels()
    .flatMap((panel) => within(panel).queryAllByLabelText(label, { selector: 'input, textarea' }))
    .filter((field) => !field.closest(HIDDEN_PANEL));
  // None: the label query over the page throws its own message (what it found instead), or finds only hidden ones.
  return found.length > 0 ? found : screen.getAllByLabelText(label, { selector: 'input, textarea' }).filter((field) => !field.closest(HIDDEN_PANEL));
}

/** The one visible text field labelled `label` (see visibleFields). */
export function visibleField(label: string | RegExp): HTMLElement {
  const found = visibleFields(label);
  if (found.length !== 1) throw new Error(`${found.length} visible fields labelled ${String(label)}, not one`);
  return found[0]!;
}
