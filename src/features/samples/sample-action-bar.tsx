/**
 * The sample page's action bar: 'Verificar' and Salvar, sticky at the bottom
 * of the viewport (sample-action-bar.module.css), so a technician at the end
 * of a long tab on a tablet saves without scrolling back up (768×1024,
 * 1024×768 and desktop alike). 44 px buttons; Salvar on the right, where
 * every form keeps it.
 *
 * Salvar lives here only: the header (sample-page-header.tsx) keeps the
 * title, the send state, Imprimir and 'Duplicar amostra', and no second
 * Salvar, so there is never a question of which one saves. Read-only users
 * (customer-type) get no bar at all: they may neither save nor check.
 *
 * Memoised with stable props (the page's callbacks; `saving` changes only
 * on a save), so a keystroke does not render it.
 */
import { memo } from 'react';
import { Box, Button, Group } from '@mantine/core';
import classes from './sample-action-bar.module.css';
import { REVIEW_TEXTS } from './review/review-texts';
import { SAMPLE_TEXTS } from './sample-texts';

export interface SampleActionBarProps {
  saving: boolean;
  onSave(): void;
  onCheck(): void;
  /** Offered while the sample may be finalized (a draft, a returned sample). */
  onFinalize?: () => void;
}

export const SampleActionBar = memo(function SampleActionBar({ saving, onSave, onCheck, onFinalize }: SampleActionBarProps) {
  return (
    <Box className={classes.bar ?? 'sample-action-bar'} role="toolbar" aria-label={SAMPLE_TEXTS.actions} data-testid="sample-action-bar">
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        <Button variant="light" mih={44} onClick={onCheck}>
          {SAMPLE_TEXTS.check}
        </Button>
        {onFinalize ? (
          <Button variant="outline" color="green" mih={44} disabled={saving} onClick={onFinalize}>
            {REVIEW_TEXTS.finalize}
          </Button>
        ) : null}
        <Button mih={44} miw={120} loading={saving} onClick={onSave}>
          {SAMPLE_TEXTS.save}
        </Button>
      </Group>
    </Box>
  );
});
