/**
 * The words of the upload queue's figure (issue 26): 'Enviando 12 de 40
 * fotos, 3,1 de 11,3 MB'. Sizes in MB with one decimal, counted as the
 * 'Sincronização' page counts the device's storage (1 MB = 1024 × 1024
 * bytes, src/domain/storage-quota.ts), so the two pages agree; 'foto' when
 * the total is one, 'arquivos' when something other than a photo is among
 * them (a customer's PDF).
 */
import type { UploadQueueFigure } from '@sync/react';
import { formatDecimal, groupThousands } from '@/domain/decimal';

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return formatDecimal(Math.max(0, bytes) / MB, 1, { grouping: true });
}

export function uploadProgressText(figure: UploadQueueFigure): string {
  const one = figure.totalCount === 1;
  const noun = figure.photos ? (one ? 'foto' : 'fotos') : one ? 'arquivo' : 'arquivos';
  const counts = `${groupThousands(String(figure.sentCount))} de ${groupThousands(String(figure.totalCount))} ${noun}`;
  return `Enviando ${counts}, ${megabytes(figure.sentBytes)} de ${megabytes(figure.totalBytes)} MB`;
}

/** How much of the bytes has gone, as a whole percentage for the bar (0 when there is nothing to measure). */
export function uploadProgressPercent(figure: Pick<UploadQueueFigure, 'sentBytes' | 'totalBytes'>): number {
  if (!(figure.totalBytes > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((figure.sentBytes / figure.totalBytes) * 100)));
}
