/**
 * The company logo for printing on the device, online and offline. Settings
 * keep the logo as the path its bytes are served at (`settings_logo` =
 * 'api/file/{id}'); the device downloads those bytes once, through the
 * engine's file transfers (with the session), and keeps them in the store's
 * `files` table owned by the `settings_logo` record (files-store.ts
 * `cacheFile`, as customers' files are kept), so a quotation printed at the
 * client's site, offline, has its logo. The kept copy is known by the
 * stored file's id: a new logo (another id) is downloaded again, and the
 * old copy is never printed for it. No copy (never online since the logo
 * was set, or its download failed) prints the document without a logo:
 * printing never waits for or fails on the logo.
 *
 * When: from sign-in on (`DeviceLogoKeeper`, mounted once in the admin
 * frame), not only when a printable page is opened, so the first print of
 * a quotation or a sample offline has the logo (issue 21).
 */
import { useEffect, useRef, useState } from 'react';
import { logoPath } from '@sync/contract/settings-groups';
import { cacheFile, type FileTransfers, readDeviceFile, type SyncDatabase } from '@sync/react';
import { useSyncContext } from '@sync/react/context';
import { useLocalList } from '@sync/react/use-local-record';
import { useSyncStatus } from '@sync/react/use-sync-status';
import { logoDataUrl, logoFileId } from '@/pdf/quotation/logo';

const LOGO_OPTION = 'settings_logo';
/** The settings resource the kept copy belongs to (removed with its record). */
const SETTINGS = 'settings';

export type LogoSetting = { key: string; option: string; value: string };

function logoOf(settings: readonly LogoSetting[]): { key: string; id: number } | null {
  const setting = settings.find((row) => row.option === LOGO_OPTION);
  const id = logoFileId(setting?.value);
  return setting && id !== null ? { key: setting.key, id } : null;
}

/** The logo kept on this device for the current setting, as a data URL; null when none is kept. Never reaches for the network. */
export async function deviceLogo(db: SyncDatabase, settings: readonly LogoSetting[]): Promise<string | null> {
  const logo = logoOf(settings);
  if (!logo) return null;
  const stored = await readDeviceFile(db, SETTINGS, logo.key);
  // The copy of an earlier logo is not this one.
  if (!stored || stored.id !== logo.id) return null;
  return logoDataUrl(new Uint8Array(await stored.blob.arrayBuffer()));
}

const downloads = new Map<string, Promise<void>>();

/**
 * Downloads the logo the settings name and keeps it on the device, unless a
 * copy of it is kept already. Rejects when it cannot be had (offline, gone
 * on the server); one download at a time per logo.
 */
export async function keepLogoOnDevice(
  db: SyncDatabase,
  transfers: Pick<FileTransfers, 'download'>,
  settings: readonly LogoSetting[],
): Promise<void> {
  const logo = logoOf(settings);
  if (!logo) return;
  const stored = await readDeviceFile(db, SETTINGS, logo.key);
  if (stored?.id === logo.id) return;
  const key = `${db.name}:${logo.id}`;
  let running = downloads.get(key);
  if (!running) {
    running = transfers
      .download(logoPath(logo.id))
      .then((blob) => cacheFile(db, SETTINGS, logo.key, { blob, fileName: `logo-${logo.id}`, type: blob.type, id: logo.id }))
      .finally(() => downloads.delete(key));
    downloads.set(key, running);
  }
  await running;
}

/** How long printing waits for a logo being downloaded before it goes on without it. */
const LOGO_WAIT_MS = 5_000;

/**
 * The logo to print: the device's copy; when none is kept and the engine
 * can reach the server, the copy is downloaded and kept first (printing
 * waits for it at most LOGO_WAIT_MS, then goes on without it). Undefined
 * while that is being found out; `settings` is null while they load.
 */
export function useDeviceLogo(settings: readonly LogoSetting[] | null): string | null | undefined {
  const { db, engine } = useSyncContext();
  const [logo, setLogo] = useState<{ value: string | null; for: string } | undefined>(undefined);
  const current = settings ? logoOf(settings) : null;
  // The settings rows change on every pull; only the logo they name restarts the lookup.
  const ident = settings ? `${current?.key ?? ''}:${current?.id ?? ''}` : null;
  const latest = useRef(settings);
  latest.current = settings;
  useEffect(() => {
    const rows = latest.current;
    if (!rows || ident === null) return;
    let stopped = false;
    const show = (value: string | null) => !stopped && setLogo({ value, for: ident });
    const read = () => deviceLogo(db, rows).catch(() => null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    void read().then(async (kept) => {
      if (kept || !logoOf(rows) || !engine) return show(kept);
      // Not kept yet: try now; offline, refused or slow, the document prints without it.
      timer = setTimeout(() => show(null), LOGO_WAIT_MS);
      show(await keepLogoOnDevice(db, engine.files, rows).then(read, () => null));
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [db, engine, ident]);
  if (!settings) return undefined;
  return logo?.for === ident ? logo.value : undefined;
}

/**
 * Keeps the logo on the device while signed in: once the settings are on
 * the device (the first sync pulls them) and name a logo this device does
 * not keep, it is downloaded; a download that could not be done (offline,
 * server unreachable) is tried again when the connection comes back and
 * after each complete sync; a new logo setting (another stored file) is
 * downloaded in place of the old copy. Reads only the settings and the
 * sync status; an attempt with the copy kept reads one row, no network.
 */
function useLogoKeptOnDevice(): void {
  const { db, engine } = useSyncContext();
  const settings = useLocalList('settings');
  const status = useSyncStatus();
  const rows = settings.loading ? null : settings.rows;
  const logo = rows ? logoOf(rows) : null;
  // The settings rows change on every pull; only the logo they name, the connection and a finished sync start an attempt.
  const ident = logo ? `${logo.key}:${logo.id}` : null;
  const online = !status.loading && status.online;
  const lastSyncAt = status.loading ? null : status.lastSyncAt;
  const latest = useRef(rows);
  latest.current = rows;
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastSyncAt is the trigger, not an input: each finished sync tries again.
  useEffect(() => {
    const current = latest.current;
    if (ident === null || !current || !engine || !online) return;
    // Offline or refused: kept for the next sync; printing goes on without it meanwhile.
    void keepLogoOnDevice(db, engine.files, current).catch(() => undefined);
  }, [db, engine, ident, online, lastSyncAt]);
}

/** The logo keeper as an element of the admin frame: renders nothing, and its own renders (a sync status change) stay its own. */
export function DeviceLogoKeeper(): null {
  useLogoKeptOnDevice();
  return null;
}
