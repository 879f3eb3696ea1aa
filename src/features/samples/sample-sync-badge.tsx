/**
 * The sample's send state on its page (FIELD-UX item 5): 'Alterações não
 * salvas' while a draft differs from the saved sample, then pending,
 * sending, sent, or failed/conflict with the server's message and a way to
 * the sync page (where it can be retried). Live from the outbox, so a retry
 * that succeeds clears a 'failed' at once.
 */
import { memo } from 'react';
import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useRecordSyncState } from '@sync/react/use-record-sync-state';
import { SYNC_PAGE_PATH } from '@/ui/list-page';
import { SAMPLE_TEXTS } from './sample-texts';

export function SampleSyncBadge({ sampleKey, dirty }: { sampleKey: string; dirty: boolean }) {
  const state = useRecordSyncState(sampleKey);
  const badges = [];
  if (dirty)
    badges.push(
      <Badge key="dirty" color="yellow" variant="light" size="lg">
        {SAMPLE_TEXTS.unsaved}
      </Badge>,
    );
  if (state.state === 'pending')
    badges.push(
      <Badge key="sync" color="blue" variant="light" size="lg" data-sync-state="pending">
        {state.inFlight ? SAMPLE_TEXTS.sync.sending : SAMPLE_TEXTS.sync.pending}
      </Badge>,
    );
  if (state.state === 'sent')
    badges.push(
      <Badge key="sync" color="green" variant="light" size="lg" data-sync-state="sent">
        {SAMPLE_TEXTS.sync.sent}
      </Badge>,
    );
  if (state.state === 'failed' || state.state === 'conflict')
    badges.push(
      <Badge key="sync" color={state.state === 'conflict' ? 'orange' : 'red'} variant="light" size="lg" data-sync-state={state.state}>
        {state.state === 'conflict' ? SAMPLE_TEXTS.sync.conflict : SAMPLE_TEXTS.sync.failed}
      </Badge>,
    );
  return <Group gap="xs">{badges}</Group>;
}

/** The server's reason when a change of the sample was refused or conflicts. */
export const SampleSyncProblem = memo(function SampleSyncProblem({ sampleKey }: { sampleKey: string }) {
  const router = useRouter();
  const state = useRecordSyncState(sampleKey);
  if (state.state !== 'failed' && state.state !== 'conflict') return null;
  return (
    <Alert
      color={state.state === 'conflict' ? 'orange' : 'red'}
      variant="light"
      title={state.state === 'conflict' ? SAMPLE_TEXTS.sync.conflict : SAMPLE_TEXTS.sync.failed}
    >
      <Group gap="md">
        {state.message ? <Text size="sm">{state.message}</Text> : null}
        <Anchor
          href={SYNC_PAGE_PATH}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            router.history.push(SYNC_PAGE_PATH);
          }}
        >
          {SAMPLE_TEXTS.sync.openSync}
        </Anchor>
      </Group>
    </Alert>
  );
});
