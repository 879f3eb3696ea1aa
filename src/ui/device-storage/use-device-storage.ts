/**
 * The device's storage as the browser reports it (StorageManager): whether
 * persistent storage was granted, the estimate of use and quota and its
 * level (src/domain/storage-quota.ts). Read when the screen using it opens
 * and again when the caller says something was written (`refresh`, after a
 * photo is added): the estimate is cheap but not free, so there is no poll.
 * The API is read at each call so a browser without it (or a test stubbing
 * it) is seen as it is now.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type StorageLevel, storageLevel } from '@/domain/storage-quota';

export interface DeviceStorageReading {
  /** null: the browser cannot say (no `persisted()`). */
  persisted: boolean | null;
  /** False where `persist()` is missing: nothing to ask for. */
  canPersist: boolean;
  /** null: the browser gives no estimate, or not both figures. */
  estimate: { usage: number; quota: number; level: StorageLevel } | null;
}

export interface DeviceStorageState extends DeviceStorageReading {
  loading: boolean;
  refresh: () => Promise<void>;
  /** Asks for persistent storage; the browser's answer, or null when it cannot be asked. */
  persist: () => Promise<boolean | null>;
}

const currentStorage = (): Partial<StorageManager> | undefined => globalThis.navigator?.storage;

async function readPersisted(storage: Partial<StorageManager> | undefined): Promise<boolean | null> {
  if (typeof storage?.persisted !== 'function') return null;
  try {
    return await storage.persisted();
  } catch {
    return null;
  }
}

async function readEstimate(storage: Partial<StorageManager> | undefined): Promise<DeviceStorageReading['estimate']> {
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { usage, quota } = await storage.estimate();
    if (typeof usage !== 'number' || typeof quota !== 'number' || !Number.isFinite(usage) || !Number.isFinite(quota)) return null;
    return { usage, quota, level: storageLevel(usage, quota) };
  } catch {
    return null;
  }
}

export async function readDeviceStorage(storage = currentStorage()): Promise<DeviceStorageReading> {
  const [persisted, estimate] = await Promise.all([readPersisted(storage), readEstimate(storage)]);
  return { persisted, canPersist: typeof storage?.persist === 'function', estimate };
}

export function useDeviceStorage(): DeviceStorageState {
  const [reading, setReading] = useState<DeviceStorageReading | null>(null);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    const next = await readDeviceStorage();
    if (mounted.current) setReading(next);
  }, []);

  const persist = useCallback(async () => {
    const storage = currentStorage();
    if (typeof storage?.persist !== 'function') return null;
    let granted = false;
    try {
      granted = await storage.persist();
    } catch {
      granted = false;
    }
    await refresh();
    return granted;
  }, [refresh]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  return {
    loading: reading === null,
    persisted: reading?.persisted ?? null,
    canPersist: reading?.canPersist ?? false,
    estimate: reading?.estimate ?? null,
    refresh,
    persist,
  };
}
