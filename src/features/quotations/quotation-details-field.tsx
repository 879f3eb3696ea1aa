/**
 * The 'Detalhes' field on the quotation page: the rich-text editor loaded
 * with React.lazy, so tiptap and its styles are fetched only when a
 * quotation opens (the service worker precaches the chunk, so it opens
 * offline too). While it loads, the label and a short notice hold its place.
 */
import { lazy, memo, Suspense } from 'react';
import { Loader, Group, Text } from '@mantine/core';
import type { RichTextDoc } from '@sync/contract/rich-text';
import { DETAILS_TEXTS } from './quotation-details-texts';

const QuotationDetailsEditor = lazy(() => import('./quotation-details-editor').then((module) => ({ default: module.QuotationDetailsEditor })));

export interface QuotationDetailsFieldProps {
  value: RichTextDoc | null;
  onChange: (doc: RichTextDoc | null) => void;
  defaultText: string;
  /** A refused save's message about the details (e.g. a link the server does not accept). */
  error?: string;
}

/** Memoised: the page re-renders on every keystroke elsewhere; the editor needs to only when its own props change. */
export const QuotationDetailsField = memo(function QuotationDetailsField({ error, ...props }: QuotationDetailsFieldProps) {
  return (
    <div>
      <Suspense
        fallback={
          <div>
            <Text size="sm" fw={500}>
              {DETAILS_TEXTS.label}
            </Text>
            <Group gap="xs" mih={180}>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {DETAILS_TEXTS.loading}
              </Text>
            </Group>
          </div>
        }
      >
        <QuotationDetailsEditor {...props} />
      </Suspense>
      {error ? (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
});
