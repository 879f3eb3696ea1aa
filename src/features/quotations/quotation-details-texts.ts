/** The 'Detalhes' field's texts and the rich-text toolbar's labels in Portuguese (Mantine's defaults are English). */
import type { RichTextEditorLabels } from '@mantine/tiptap';

export const DETAILS_TEXTS = {
  label: 'Detalhes',
  insertDefault: 'Inserir o texto padrão',
  loading: 'Carregando o editor…',
} as const;

export const RICH_TEXT_LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Limpar formatação',
  h2ControlLabel: 'Título',
  h3ControlLabel: 'Subtítulo',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Remover link',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br/',
  linkEditorExternalLink: 'Abrir o link em nova aba',
  linkEditorInternalLink: 'Abrir o link na mesma aba',
  linkEditorSave: 'Salvar',
};
