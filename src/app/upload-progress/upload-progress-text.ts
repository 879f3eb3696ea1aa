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

const KB = 1024;
const MB = KB * KB;

/** 'sent de total MB', or in kB when the total is under 1 MB. */
function sizes(sentBytes: number, totalBytes: number): string {
  if (totalBytes < MB) {
    const kilobytes = (bytes: number) => groupThousands(String(Math.round(Math.max(0, bytes) / KB)));
    return `${kilobytes(sentBytes)} de ${kilobytes(totalBytes)} kB`;
  }
  const megabytes = (bytes: number) => formatDecimal(Math.max(0, bytes) / MB, 1, { grouping: true });
  return `${megabytes(sentBytes)} de ${megabytes(totalBytes)} MB`;
}

export function uploadProgressText(figure: UploadQueueFigure): string {
  const one = figure.totalCount === 1;
  const noun = figure.photos ? (one ? 'foto' : 'fotos') : one ? 'arquivo' : 'arquivos';
  const counts = `${groupThousands(String(figure.sentCount))} de ${groupThousands(String(figure.totalCount))} ${noun}`;
  return `Enviando ${counts}, ${sizes(figure.sentBytes, figure.totalBytes)}`;
}

/** How much of the bytes has gone, as a whole percentage for the bar (0 when there is nothing to measure). */
export function uploadProgressPercent(figure: Pick<UploadQueueFigure, 'sentBytes' | 'totalBytes'>): number {
  if (!(figure.totalBytes > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((figure.sentBytes / figure.totalBytes) * 100)));
}
