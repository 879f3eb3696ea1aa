// @vitest-environment node
/**
 * The company logo for printing on the device (src/entities/print/device-logo.ts) on
 * a real local store: nothing kept → no logo (the document prints without
 * one, never fails); downloaded once and kept → a data URL offline; a new
 * logo is not printed with the old copy; a failed download keeps nothing.
 * The server's transfers are faked: the network is the edge here.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { SyncError } from '@sync/engine/errors';
import type { SyncDatabase } from '@sync/store/database';
import { deviceLogo, keepLogoOnDevice, type LogoSetting } from '@/entities/print/device-logo';
import { at, openTestDb } from '../../sync/support';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** The settings as a pull leaves them on the device. */
async function pulledSettings(logo: string, seconds = 0): Promise<LogoSetting[]> {
  const wires = [
    { id: 1, option: 'company_name', value: 'Higiene Ação', created_at: at(0), updated_at: at(0) },
    { id: 2, option: 'settings_logo', value: logo, created_at: at(0), updated_at: at(seconds) },
  ];
  await db.write(async (store) => applyServerRecords(store, store.registry.get('settings'), wires, await keysWithEntries(store)));
  return (await db.records('settings').toArray()) as unknown as LogoSetting[];
}

/** The server's file transfers: answers `files` by path, counts the calls. */
function serverFiles(files: Record<string, Uint8Array>) {
  const calls: string[] = [];
  return {
    calls,
    async download(path: string): Promise<Blob> {
      calls.push(path);
      const bytes = files[path];
      if (!bytes) throw SyncError.of('network');
      return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
    },
  };
}

describe('the logo kept on the device for printing', () => {
  it('is none until it was downloaded; once kept, it is a data URL without the network, and is not downloaded again', async () => {
    const settings = await pulledSettings('api/file/7');
    expect(await deviceLogo(db, settings)).toBeNull();
    const server = serverFiles({ 'api/file/7': PNG });
    await keepLogoOnDevice(db, server, settings);
    expect(server.calls).toEqual(['api/file/7']);
    expect(await deviceLogo(db, settings)).toBe(`data:image/png;base64,${PNG_BASE64}`);
    await keepLogoOnDevice(db, server, settings);
    expect(server.calls).toHaveLength(1);
  });

  it('a new logo is not printed with the old copy, and is downloaded in its place', async () => {
    await keepLogoOnDevice(db, serverFiles({ 'api/file/7': PNG }), await pulledSettings('api/file/7'));
    const changed = await pulledSettings('api/file/8', 60);
    expect(changed.find((row) => row.option === 'settings_logo')?.value).toBe('api/file/8');
    expect(await deviceLogo(db, changed)).toBeNull();
    const server = serverFiles({ 'api/file/8': PNG });
    await keepLogoOnDevice(db, server, changed);
    expect(server.calls).toEqual(['api/file/8']);
    expect(await deviceLogo(db, changed)).toMatch(/^data:image\/png;base64,/);
    expect(await db.files.count()).toBe(1);
  });

  it.each([
    ['offline (the download fails)', 'api/file/7', {}, true],
    ['no logo set', '', { 'api/file/7': PNG }, false],
    ['an old data URL value', 'data:image/png;base64,xyz', { 'api/file/7': PNG }, false],
  ])('%s: nothing kept, no logo to print', async (_case, value, files: Record<string, Uint8Array>, rejects) => {
    const settings = await pulledSettings(value);
    const server = serverFiles(files);
    const keeping = keepLogoOnDevice(db, server, settings);
    await (rejects ? expect(keeping).rejects.toThrow() : expect(keeping).resolves.toBeUndefined());
    expect(await deviceLogo(db, settings)).toBeNull();
    expect(await db.files.count()).toBe(0);
  });

  it('bytes that are no PNG or JPEG are kept but never printed', async () => {
    const settings = await pulledSettings('api/file/7');
    await keepLogoOnDevice(db, serverFiles({ 'api/file/7': new TextEncoder().encode('<svg/>') }), settings);
    expect(await deviceLogo(db, settings)).toBeNull();
  });
});
