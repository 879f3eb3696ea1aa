/**
 * 'Observações' (the quotation's comment; spec: "comments textarea with
 * 'Formatar texto' and an auto-format checkbox"): plain text. 'Formatar
 * texto' tidies it once (src/domain/text-format.ts); with 'Formatar
 * automaticamente' checked it is tidied whenever the field loses focus, never
 * while typing (the cursor would jump). The checkbox is a preference of this
 * screen, not saved with the quotation. Memoised and following its field
 * itself.
 */
import { memo, useState } from 'react';
import { Button, Checkbox, Group, Textarea } from '@mantine/core';
import { formatParagraphText } from '@/domain/text-format';
import type { QuotationFormApi } from './use-quotation-form';

export const COMMENT_TEXTS = {
  label: 'Observações',
  format: 'Formatar texto',
  autoFormat: 'Formatar automaticamente',
} as const;

export interface QuotationCommentFieldProps {
  api: QuotationFormApi;
  maxLength?: number;
}

export const QuotationCommentField = memo(function QuotationCommentField({ api, maxLength }: QuotationCommentFieldProps) {
  const value = api.useValue<string>('comment');
  const onChange = (text: string) => api.set('comment', text);
  const [autoFormat, setAutoFormat] = useState(false);
  const format = () => {
    const formatted = formatParagraphText(value);
    if (formatted !== value) onChange(formatted);
  };
  return (
    <div>
      <Textarea
        label={COMMENT_TEXTS.label}
        name="comment"
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={autoFormat ? format : undefined}
      />
      <Group mt="xs" gap="md">
        <Button variant="default" size="xs" onClick={format}>
          {COMMENT_TEXTS.format}
        </Button>
        <Checkbox label={COMMENT_TEXTS.autoFormat} checked={autoFormat} onChange={(event) => setAutoFormat(event.currentTarget.checked)} />
      </Group>
    </div>
  );
});
