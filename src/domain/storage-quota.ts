/**
 * How full the device's storage is, from the browser's estimate
 * (`navigator.storage.estimate()`): the level that decides when the
 * technician is warned before photos fail, and the figures shown on the
 * 'Sincronização' page ('Usado: 123,4 MB de 2,0 GB (6 %)').
 * Sizes are binary (1 MB = 1024 × 1024 bytes), as browsers' tools count them.
 */
import { formatDecimal } from './decimal';

export type StorageLevel = 'ok' | 'near' | 'full';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * 'near' from here: a reduced photo takes about 300 kB, so 100 MB is about
 * 330 photos, a few days of sampling; early enough to sync and free space.
 */
export const STORAGE_NEAR_RATIO = 0.8;
export const STORAGE_NEAR_FREE_BYTES = 100 * MB;

/**
 * 'full' from here: 25 MB is about 80 photos, one busy day; beyond it the
 * next writes (photos first, the largest) may fail with a quota error.
 */
export const STORAGE_FULL_RATIO = 0.95;
export const STORAGE_FULL_FREE_BYTES = 25 * MB;

/** The level of `usage` bytes out of `quota`; no quota at all (≤ 0) leaves no room: 'full'. */
export function storageLevel(usage: number, quota: number): StorageLevel {
  if (!(quota > 0)) return 'full';
  const used = Math.max(0, usage);
  const free = Math.max(0, quota - used);
  const ratio = used / quota;
  if (ratio >= STORAGE_FULL_RATIO || free < STORAGE_FULL_FREE_BYTES) return 'full';
  if (ratio >= STORAGE_NEAR_RATIO || free < STORAGE_NEAR_FREE_BYTES) return 'near';
  return 'ok';
}

/** 129_394_278 → '123,4 MB'; from 1 GB on, in GB ('2,0 GB'); one decimal always. */
export function formatStorageSize(bytes: number): string {
  const value = Math.max(0, bytes);
  return value >= GB ? `${formatDecimal(value / GB, 1, { grouping: true })} GB` : `${formatDecimal(value / MB, 1, { grouping: true })} MB`;
}

/** 'Usado: 123,4 MB de 2,0 GB (6 %)': the percentage rounded to a whole number. */
export function formatStorageUse(usage: number, quota: number): string {
  const percent = quota > 0 ? (Math.max(0, usage) / quota) * 100 : 100;
  return `Usado: ${formatStorageSize(usage)} de ${formatStorageSize(quota)} (${formatDecimal(percent, 0)} %)`;
}
