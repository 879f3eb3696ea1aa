/**
 * The words of 'Dados não enviados' (export and import of what a device has
 * not delivered, docs/decisions/unsent-data-export.md): the card, its
 * buttons, and the sentences that say what a file held or an import added.
 * The refusals of a file are the engine's own sentences (unsent-format.ts).
 */
import type { UnsentCounts, UnsentImportResult } from '@sync/react';

export const TRANSFER_TEXTS = {
  title: 'Dados não enviados',
  hint: 'Se este aparelho precisar ser formatado ou trocado antes de sincronizar, exporte os dados não enviados (alterações, rascunhos e fotos) para um arquivo e importe-o em outro aparelho ou navegador com o mesmo usuário, ou com um administrador. Cada alteração chega ao servidor uma única vez, mesmo que este aparelho também a envie depois.',
  exportButton: 'Exportar dados não enviados',
  importButton: 'Importar dados',
  nothingToExport: 'Não há dados não enviados neste aparelho.',
  nothingNew: 'Todas as alterações deste arquivo já estão neste aparelho ou já foram enviadas dele. Nada foi importado.',
  signOutHint: 'Se este aparelho não vai mais ser usado, exporte os dados para levá-los a outro aparelho.',
} as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '3 alterações, 1 foto ou arquivo e 1 rascunho' (the kinds present; 'nenhum dado' when none). */
export function describeCounts(counts: UnsentCounts): string {
  const parts = [
    counts.changes > 0 ? plural(counts.changes, 'alteração', 'alterações') : null,
    counts.files > 0 ? plural(counts.files, 'foto ou arquivo', 'fotos ou arquivos') : null,
    counts.drafts > 0 ? plural(counts.drafts, 'rascunho', 'rascunhos') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'nenhum dado';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)!}`;
}

export function exportedMessage(fileName: string, counts: UnsentCounts): string {
  return `Arquivo ${fileName} gerado com ${describeCounts(counts)}. Guarde-o até que os dados cheguem ao servidor.`;
}

export function importedMessage(result: UnsentImportResult): string {
  const { imported, alreadyHere } = result;
  if (imported.changes + imported.files + imported.drafts === 0) return TRANSFER_TEXTS.nothingNew;
  const already =
    alreadyHere > 0 ? ` ${plural(alreadyHere, 'alteração do arquivo já estava', 'alterações do arquivo já estavam')} neste aparelho.` : '';
  return `Dados importados: ${describeCounts(imported)}. Serão enviados ao servidor na próxima sincronização.${already}`;
}
