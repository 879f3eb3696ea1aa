/**
 * The sample page's header: 'Amostras/Editar', the send state, Imprimir and
 * 'Duplicar amostra'. 'Verificar' (the blank required fields) and Salvar are
 * in the bar at the bottom of the screen (sample-action-bar.tsx), reachable
 * at the end of a long form: Salvar is there only, never twice on the page.
 * Memoised: typing changes none of its props after the first keystroke
 * (`dirty` turns true once), so it does not render again per keystroke.
 */
import { memo } from 'react';
import { Button, Group, Title } from '@mantine/core';
import type { LocalSample } from '@sync/react';
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
  duplicating: boolean;
  onDuplicate(): void;
}

export const SamplePageHeader = memo(function SamplePageHeader({
  sampleKey,
  sample,
  currentBlocks,
  dirty,
  readOnly,
  duplicating,
  onDuplicate,
}: SamplePageHeaderProps) {
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Group gap="sm" align="center">
        <Title order={2}>{SAMPLE_TEXTS.editTitle}</Title>
        <SampleSyncBadge sampleKey={sampleKey} dirty={dirty} />
      </Group>
      <Group gap="sm">
        <SamplePrintButton sample={sample} currentBlocks={currentBlocks} />
        {readOnly ? null : (
          <Button variant="default" mih={44} loading={duplicating} onClick={onDuplicate}>
            {SAMPLE_TEXTS.duplicate}
          </Button>
        )}
      </Group>
    </Group>
  );
});
