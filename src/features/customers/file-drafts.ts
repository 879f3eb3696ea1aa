/**
 * The files chosen in 'Upload de Arquivos' before Salvar (spec section 5,
 * "Uploads"): each gets a name, by default the file name without its
 * extension; every name must be non-blank ('Preencha os nomes obrigatórios
 * dos arquivos'); any file may be taken off the list. Pure functions.
 */
import { CUSTOMER_MESSAGES } from '@sync/contract/customers';

export interface FileDraft {
  id: string;
  file: File;
  name: string;
}

let draftCounter = 0;

/** 'Laudo técnico.final.pdf' → 'Laudo técnico.final'; '.bashrc' → '.bashrc'. */
export function nameWithoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

export function fileDraftsOf(files: readonly File[]): FileDraft[] {
  return files.map((file) => {
    draftCounter += 1;
    return { id: `arquivo-${draftCounter}`, file, name: nameWithoutExtension(file.name) };
  });
}

export function renameDraft(drafts: readonly FileDraft[], id: string, name: string): FileDraft[] {
  return drafts.map((draft) => (draft.id === id ? { ...draft, name } : draft));
}

export function removeFileDraft(drafts: readonly FileDraft[], id: string): FileDraft[] {
  return drafts.filter((draft) => draft.id !== id);
}

export type DraftsCheck = { ok: true } | { ok: false; message: string; blank: ReadonlySet<string> };

export function checkFileDrafts(drafts: readonly FileDraft[]): DraftsCheck {
  const blank = new Set(drafts.filter((draft) => !draft.name.trim()).map((draft) => draft.id));
  return blank.size === 0 ? { ok: true } : { ok: false, message: CUSTOMER_MESSAGES.fileNamesRequired, blank };
}
