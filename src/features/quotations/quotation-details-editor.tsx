/**
 * The quotation's 'Detalhes' editor (spec: "details rich-text editor with a
 * link 'Inserir o texto padrão'"): @mantine/tiptap on tiptap 3, limited to
 * what the contract's whitelist accepts (sync/contract/rich-text.ts):
 * paragraphs, headings, bullet and ordered lists, line breaks, bold,
 * italic, underline, strike and http(s)/mailto links. StarterKit's other
 * nodes and marks (blockquote, code, code block, horizontal rule) are off,
 * so the editor cannot make what the server refuses.
 *
 * Loaded lazily (quotation-details-field.tsx) so tiptap is in its own
 * chunk, never in the first screen's.
 */
import '@mantine/tiptap/styles.css';
import { useRef } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { Content } from '@tiptap/core';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { richTextFromPlain, toRichTextDoc, type RichTextDoc } from '@sync/contract/rich-text';
import { DETAILS_TEXTS, RICH_TEXT_LABELS } from './quotation-details-texts';

const LINK_PROTOCOLS = /^(https?:\/\/|mailto:)/i;

export interface QuotationDetailsEditorProps {
  value: RichTextDoc | null;
  onChange: (doc: RichTextDoc | null) => void;
  /** The message settings' default text (message_quotationDetails): HTML, a document as JSON, or plain text. */
  defaultText: string;
}

/**
 * What 'Inserir o texto padrão' inserts: a stored document as JSON, HTML
 * (the default settings' text; tiptap parses it with the editor's schema,
 * so only whitelisted nodes and marks survive), or plain text by line.
 */
export function defaultDetailsContent(text: string): Content | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('{')) {
    try {
      const doc = toRichTextDoc(JSON.parse(trimmed));
      if (doc) return doc as Content;
    } catch {
      // Not JSON: read it as text below.
    }
  }
  if (/<\/?[a-z][^>]*>/i.test(trimmed)) return trimmed;
  return richTextFromPlain(trimmed).content as Content;
}

export function QuotationDetailsEditor({ value, onChange, defaultText }: QuotationDetailsEditorProps) {
  const touched = useRef(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
          isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
        },
      }),
    ],
    content: (value ?? '') as Content,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': 'quotation-details-label' } },
    onFocus: () => {
      touched.current = true;
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? null : (current.getJSON() as RichTextDoc)),
  });

  const content = defaultDetailsContent(defaultText);
  const insertDefault = () => {
    if (!editor || content === null) return;
    // Where the user was typing; at the end when the editor was never used.
    const chain = touched.current ? editor.chain().focus() : editor.chain().focus('end');
    chain.insertContent(content).run();
  };

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id="quotation-details-label">
          {DETAILS_TEXTS.label}
        </Text>
        {content !== null ? (
          <Anchor component="button" type="button" size="sm" onClick={insertDefault}>
            {DETAILS_TEXTS.insertDefault}
          </Anchor>
        ) : null}
      </Group>
      <RichTextEditor editor={editor} labels={RICH_TEXT_LABELS}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </div>
  );
}
