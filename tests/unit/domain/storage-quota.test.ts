import { describe, expect, it } from 'vitest';
import {
  formatStorageSize,
  formatStorageUse,
  STORAGE_FULL_FREE_BYTES,
  STORAGE_NEAR_FREE_BYTES,
  type StorageLevel,
  storageLevel,
} from '@/domain/storage-quota';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('storageLevel', () => {
  it.each<[string, number, number, StorageLevel]>([
    ['empty', 0, 2 * GB, 'ok'],
    ['6 % of 2 GB', 123.4 * MB, 2 * GB, 'ok'],
    ['just under 80 %', 0.79 * 10 * GB, 10 * GB, 'ok'],
    ['80 % exactly', 0.8 * 10 * GB, 10 * GB, 'near'],
    ['94 %', 0.94 * 10 * GB, 10 * GB, 'near'],
    ['95 % exactly', 0.95 * 10 * GB, 10 * GB, 'full'],
    ['over the quota', 11 * GB, 10 * GB, 'full'],
    // a small quota: the free bytes decide before the ratio does
    ['100 MB free exactly (50 %)', 100 * MB, 200 * MB, 'ok'],
    ['99 MB free (50 %)', 99 * MB, 198 * MB, 'near'],
    ['25 MB free exactly', 175 * MB, 200 * MB, 'near'],
    ['24 MB free', 176 * MB, 200 * MB, 'full'],
    ['a quota smaller than 25 MB', 0, 20 * MB, 'full'],
    ['no quota at all', 0, 0, 'full'],
    ['a negative usage counts as none', -5, 2 * GB, 'ok'],
  ])('%s → %s', (_case, usage, quota, level) => {
    expect(storageLevel(usage, quota)).toBe(level);
  });

  it('keeps the thresholds in photos: ~80 photos of 300 kB before full, ~330 before near', () => {
    expect(Math.floor(STORAGE_FULL_FREE_BYTES / 300_000)).toBe(87);
    expect(Math.floor(STORAGE_NEAR_FREE_BYTES / 300_000)).toBe(349);
  });
});

describe('formatStorageSize', () => {
  it.each<[number, string]>([
    [0, '0,0 MB'],
    [300 * 1024, '0,3 MB'],
    [123.4 * MB, '123,4 MB'],
    [1023.9 * MB, '1.023,9 MB'],
    [GB, '1,0 GB'],
    [2 * GB, '2,0 GB'],
    [1234.5 * GB, '1.234,5 GB'],
    [-1, '0,0 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatStorageSize(bytes)).toBe(text);
  });
});

describe('formatStorageUse', () => {
  it.each<[number, number, string]>([
    [123.4 * MB, 2 * GB, 'Usado: 123,4 MB de 2,0 GB (6 %)'],
    [0, 2 * GB, 'Usado: 0,0 MB de 2,0 GB (0 %)'],
    [1.9 * GB, 2 * GB, 'Usado: 1,9 GB de 2,0 GB (95 %)'],
    [0, 0, 'Usado: 0,0 MB de 0,0 MB (100 %)'],
  ])('%d of %d → %s', (usage, quota, text) => {
    expect(formatStorageUse(usage, quota)).toBe(text);
  });
});
