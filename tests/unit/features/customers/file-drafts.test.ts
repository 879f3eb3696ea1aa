/** The upload modal's naming rules (src/features/customers/file-drafts.ts). */
import { describe, expect, it } from 'vitest';
import { checkFileDrafts, fileDraftsOf, nameWithoutExtension, removeFileDraft, renameDraft } from '@/features/customers/file-drafts';

describe('file names', () => {
  it.each([
    ['laudo.pdf', 'laudo'],
    ['Laudo técnico.final.pdf', 'Laudo técnico.final'],
    ['planilha', 'planilha'],
    ['.bashrc', '.bashrc'],
    ['foto.JPG', 'foto'],
  ])('%s → %s', (fileName, name) => {
    expect(nameWithoutExtension(fileName)).toBe(name);
  });

  it('names every chosen file by default and requires every name', () => {
    const drafts = fileDraftsOf([new File(['a'], 'laudo.pdf'), new File(['b'], 'foto.jpg')]);
    expect(drafts.map((draft) => draft.name)).toEqual(['laudo', 'foto']);
    expect(new Set(drafts.map((draft) => draft.id)).size).toBe(2);
    expect(checkFileDrafts(drafts)).toEqual({ ok: true });
    const blanked = renameDraft(drafts, drafts[1]!.id, '   ');
    expect(checkFileDrafts(blanked)).toEqual({
      ok: false,
      message: 'Preencha os nomes obrigatórios dos arquivos',
      blank: new Set([drafts[1]!.id]),
    });
    expect(checkFileDrafts(removeFileDraft(blanked, drafts[1]!.id))).toEqual({ ok: true });
  });
});
