/**
 * The sample page's header: 'Amostras/Editar', the review state as a
 * coloured badge and, after the first, the revision ('Revisão 2'; issue
 * 28), the send state, Imprimir (not for a
 * customer-type user before approval) and 'Duplicar amostra'. 'Verificar' (the blank required fields) and Salvar are
 * in the bar at the bottom of the screen (sample-action-bar.tsx), reachable
 * at the end of a long form: Salvar is there only, never twice on the page.
 * Memoised: typing changes none of its props after the first keystroke
 * (`dirty` turns true once), so it does not render again per keystroke.
 */
import { memo } from 'react';
import { Badge, Button, Group, Title } from '@mantine/core';
import type { SampleState } from '@sync/contract/samples';
import type { LocalSample } from '@sync/react';
import { REVIEW_TEXTS } from './review/review-texts';
import { SampleStateBadge } from './review/sample-state-badge';
import { SamplePrintButton } from './sample-print-button';
import { SampleSyncBadge } from './sample-sync-badge';
import type { SampleBlocks } from './use-sample-draft';
import { SAMPLE_TEXTS } from './sample-texts';

export interface SamplePageHeaderProps {
  sampleKey: string;
  sample: LocalSample;
  /** The draft's blocks now (stable callback, for Imprimir). */
  currentBlocks(): SampleBlocks;
  dirty: boolean;
  readOnly: boolean;
  state: SampleState;
  /** Imprimir is offered (a customer-type user prints only an approved sample). */
  canPrint: boolean;
  duplicating: boolean;
  onDuplicate(): void;
}

export const SamplePageHeader = memo(function SamplePageHeader({
  sampleKey,
  sample,
  currentBlocks,
  dirty,
  readOnly,
  state,
  canPrint,
  duplicating,
  onDuplicate,
}: SamplePageHeaderProps) {
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Group gap="sm" align="center">
        <Title order={2}>{SAMPLE_TEXTS.editTitle}</Title>
        <SampleStateBadge state={state} />
        {(sample.revision ?? 1) > 1 ? (
          <Badge color="gray" variant="outline" size="lg" styles={{ label: { textTransform: 'none' } }} data-testid="sample-revision">
            {REVIEW_TEXTS.revision(sample.revision ?? 1)}
          </Badge>
        ) : null}
        <SampleSyncBadge sampleKey={sampleKey} dirty={dirty} />
      </Group>
      <Group gap="sm">
        {canPrint ? <SamplePrintButton sample={sample} currentBlocks={currentBlocks} /> : null}
        {readOnly ? null : (
          <Button variant="default" mih={44} loading={duplicating} onClick={onDuplicate}>
            {SAMPLE_TEXTS.duplicate}
          </Button>
        )}
      </Group>
    </Group>
  );
});
