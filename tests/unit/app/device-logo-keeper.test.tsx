/**
 * The company logo kept on the device from sign-in on (issue 21;
 * src/entities/print/device-logo.ts `DeviceLogoKeeper`, mounted in the admin
 * frame), on a real local store (fake-indexeddb): no printable page is
 * opened, yet once the first sync has pulled the settings the logo is
 * downloaded and kept, so both prints (quotation and sample read it with
 * `deviceLogo`, never the network) have it offline. A download that failed
 * (offline) is tried again when the server answers again and after a
 * finished sync; a new logo setting replaces the copy; a kept copy is not
 * downloaded again. The server's file transfers are faked: the network is
 * the edge here. The bytes are Node Blobs: fake-indexeddb cannot store
 * jsdom's Blob.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import type { SyncEngine } from '@sync/engine/engine';
import { SyncError } from '@sync/engine/errors';
import { SyncProvider } from '@sync/react/context';
import type { SyncDatabase } from '@sync/store/database';
import { META, writeMeta } from '@sync/store/meta';
import { DeviceLogoKeeper, deviceLogo, type LogoSetting } from '@/entities/print/device-logo';
import { at, useTestDb } from '../sync/support';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));

let db: SyncDatabase;
useTestDb((opened) => (db = opened));

/** The settings as a pull leaves them on the device. */
async function pulledSettings(logo: string, seconds = 0): Promise<LogoSetting[]> {
  const wires = [
    { id: 1, option: 'company_name', value: 'Higiene Ação', created_at: at(0), updated_at: at(0) },
    { id: 2, option: 'settings_logo', value: logo, created_at: at(0), updated_at: at(seconds) },
  ];
  await db.write(async (store) => applyServerRecords(store, store.registry.get('settings'), wires, await keysWithEntries(store)));
  return (await db.records('settings').toArray()) as unknown as LogoSetting[];
}

/** The server's file transfers: answers by path while `up`, counts the calls. */
function server(files: Record<string, Uint8Array>) {
  const state = { up: true, calls: [] as string[] };
  const files_ = {
    async download(path: string): Promise<Blob> {
      state.calls.push(path);
      const bytes = files[path];
      if (!state.up || !bytes) throw SyncError.of('network');
      return new NodeBlob([new Uint8Array(bytes)], { type: 'image/png' }) as unknown as Blob;
    },
  };
  return { state, engine: { files: files_ } as unknown as SyncEngine };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function renderKeeper(engine: SyncEngine) {
  return render(
    <SyncProvider db={db} engine={engine}>
      <DeviceLogoKeeper />
    </SyncProvider>,
  );
}

describe('the logo kept on the device from sign-in on', () => {
  it('is downloaded once the first sync has the settings, and printed offline from the device', async () => {
    const { state, engine } = server({ 'api/file/7': PNG });
    renderKeeper(engine);
    await settle();
    expect(state.calls).toEqual([]);
    // The first sync pulls the settings: the logo they name comes down, no printable page opened.
    let settings: LogoSetting[] = [];
    await act(async () => {
      settings = await pulledSettings('api/file/7');
      await writeMeta(db, META.lastSyncAt, at(10));
    });
    await waitFor(async () => expect(await deviceLogo(db, settings)).toBe(`data:image/png;base64,${PNG_BASE64}`));
    expect(state.calls).toEqual(['api/file/7']);
    // Offline now: the prints read the copy, and later syncs do not download it again.
    state.up = false;
    await act(() => writeMeta(db, META.lastSyncAt, at(20)));
    await settle();
    expect(state.calls).toEqual(['api/file/7']);
    expect(await deviceLogo(db, settings)).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('tries again when the server answers again and after a finished sync, when the first download failed', async () => {
    const { state, engine } = server({ 'api/file/7': PNG });
    state.up = false;
    const settings = await pulledSettings('api/file/7');
    await writeMeta(db, META.engineState, { phase: 'offline', reachable: false, lastError: null });
    renderKeeper(engine);
    await settle();
    // The server is not reachable: nothing is tried.
    expect(state.calls).toEqual([]);
    // It answers again, but the download still fails: nothing kept, no logo printed meanwhile.
    await act(() => writeMeta(db, META.engineState, { phase: 'idle', reachable: true, lastError: null }));
    await waitFor(() => expect(state.calls).toEqual(['api/file/7']));
    expect(await deviceLogo(db, settings)).toBeNull();
    // The next finished sync tries again, and now it is kept.
    state.up = true;
    await act(() => writeMeta(db, META.lastSyncAt, at(30)));
    await waitFor(async () => expect(await deviceLogo(db, settings)).toMatch(/^data:image\/png;base64,/));
    expect(state.calls).toEqual(['api/file/7', 'api/file/7']);
  });

  it('downloads a new logo in place of the old copy when the setting changes', async () => {
    const { state, engine } = server({ 'api/file/7': PNG, 'api/file/8': PNG });
    const first = await pulledSettings('api/file/7');
    renderKeeper(engine);
    await waitFor(async () => expect(await deviceLogo(db, first)).not.toBeNull());
    let changed: LogoSetting[] = [];
    await act(async () => {
      changed = await pulledSettings('api/file/8', 60);
    });
    await waitFor(async () => expect(await deviceLogo(db, changed)).toMatch(/^data:image\/png;base64,/));
    expect(state.calls).toEqual(['api/file/7', 'api/file/8']);
    expect(await db.files.count()).toBe(1);
  });

  it('downloads nothing when no logo is set', async () => {
    const { state, engine } = server({ 'api/file/7': PNG });
    await pulledSettings('');
    renderKeeper(engine);
    await act(() => writeMeta(db, META.lastSyncAt, at(10)));
    await settle();
    expect(state.calls).toEqual([]);
    expect(await db.files.count()).toBe(0);
  });
});
