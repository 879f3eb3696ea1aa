/**
 * The 'Dados não enviados' card of the sync page: export what this device
 * has not delivered to a file, or import such a file (from this user's
 * other device or browser, or, for an administrator, anyone's) into this
 * device's queue, to go through the normal sync. Both work offline; the
 * outcome stays under the buttons.
 */
import { type ChangeEvent, useRef } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TransferUser } from '@sync/react';
import { ExportUnsentButton } from './export-unsent-button';
import { TransferOutcomeMessage } from './transfer-outcome';
import { TRANSFER_TEXTS } from './transfer-texts';
import { useTransferActions } from './use-transfer-actions';

export function UnsentTransferCard({ user }: { user: TransferUser }) {
  const actions = useTransferActions(user);
  const chooser = useRef<HTMLInputElement>(null);

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared, so choosing the same file again (after a refusal) is a change too.
    event.currentTarget.value = '';
    if (file) void actions.importFile(file);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={TRANSFER_TEXTS.title} data-testid="unsent-transfer">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {TRANSFER_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {TRANSFER_TEXTS.hint}
        </Text>
        <Group gap="sm" wrap="wrap">
          <ExportUnsentButton actions={actions} />
          <Button
            mih={44}
            variant="default"
            loading={actions.running === 'import'}
            disabled={actions.running === 'export'}
            onClick={() => chooser.current?.click()}
          >
            {TRANSFER_TEXTS.importButton}
          </Button>
          <input ref={chooser} type="file" accept="application/json,.json" hidden onChange={onChosen} data-testid="unsent-import-input" />
        </Group>
        <TransferOutcomeMessage outcome={actions.outcome} />
      </Stack>
    </Card>
  );
}
