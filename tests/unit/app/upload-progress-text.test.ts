/**
 * The words of the upload queue's figure (src/app/upload-progress): counts
 * and sizes the Brazilian way ('3,1 de 11,3 MB', one decimal, 1 MB =
 * 1024 × 1024 bytes as on the 'Sincronização' page), 'foto' for one,
 * 'arquivos' when not all are photos; and the bar's percentage.
 */
import { describe, expect, it } from 'vitest';
import type { UploadQueueFigure } from '@sync/react';
import { uploadProgressPercent, uploadProgressText } from '@/app/upload-progress/upload-progress-text';

const MB = 1024 * 1024;
const figure = (sentCount: number, totalCount: number, sentBytes: number, totalBytes: number, photos = true): UploadQueueFigure => ({
  sentCount,
  totalCount,
  sentBytes,
  totalBytes,
  photos,
});

describe('uploadProgressText', () => {
  it.each<[string, UploadQueueFigure, string]>([
    ['the issue’s example', figure(12, 40, 3.1 * MB, 11.3 * MB), 'Enviando 12 de 40 fotos, 3,1 de 11,3 MB'],
    ['one photo: singular', figure(0, 1, 0, 1.3 * MB), 'Enviando 0 de 1 foto, 0,0 de 1,3 MB'],
    ['two photos: plural', figure(1, 2, 0.25 * MB, 1.5 * MB), 'Enviando 1 de 2 fotos, 0,3 de 1,5 MB'],
    ['under 1 MB in all: whole kB', figure(1, 3, 15_360, 46_080), 'Enviando 1 de 3 fotos, 15 de 45 kB'],
    ['just under 1 MB: still kB, thousands grouped', figure(0, 2, 0, MB - 1024), 'Enviando 0 de 2 fotos, 0 de 1.023 kB'],
    ['exactly 1 MB: MB', figure(0, 2, 0, MB), 'Enviando 0 de 2 fotos, 0,0 de 1,0 MB'],
    ['rounded to one decimal', figure(3, 7, 1_234_567, 2_000_000), 'Enviando 3 de 7 fotos, 1,2 de 1,9 MB'],
    ['thousands grouped', figure(1200, 4000, 1500.04 * MB, 1600 * MB), 'Enviando 1.200 de 4.000 fotos, 1.500,0 de 1.600,0 MB'],
    ['not only photos: arquivos', figure(0, 2, 0, 2 * MB, false), 'Enviando 0 de 2 arquivos, 0,0 de 2,0 MB'],
    ['one file, not a photo: arquivo', figure(0, 1, 0, MB, false), 'Enviando 0 de 1 arquivo, 0,0 de 1,0 MB'],
  ])('%s → %s', (_what, value, text) => {
    expect(uploadProgressText(value)).toBe(text);
  });
});

describe('uploadProgressPercent', () => {
  it.each<[number, number, number]>([
    [0, 1000, 0],
    [3.1, 11.3, 27],
    [999, 1000, 99],
    [1000, 1000, 100],
    [1200, 1000, 100],
    [0, 0, 0],
  ])('%s of %s bytes → %s %%', (sentBytes, totalBytes, percent) => {
    expect(uploadProgressPercent({ sentBytes, totalBytes })).toBe(percent);
  });
});
