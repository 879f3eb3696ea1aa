/**
 * The names a customer's downloads get (saved with saveBlobAs, src/ui/save-blob.ts): the file's display name with the original extension when
 * it has none (as the server names them), and arquivos_{YYYY-MM-DD}.zip with
 * Brasília's date for a zip.
 */
import { zipFileName } from '@sync/contract/customers';

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1]! : '';
}

/** 'Laudo' + 'laudo-final.pdf' → 'Laudo.pdf'; 'Laudo.pdf' stays; slashes become dashes. */
export function downloadFileName(name: string, originalName: string | null | undefined): string {
  const safe = name.replace(/[/\\]/g, '-').replace(/^\.+/, '').trim() || 'arquivo';
  const extension = extensionOf(originalName ?? '');
  if (!extension || safe.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) return safe;
  return `${safe}.${extension}`;
}

/** Today in Brasília as YYYY-MM-DD. */
export function brasiliaDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function zipNameForToday(now: Date = new Date()): string {
  return zipFileName(brasiliaDate(now));
}
