/**
 * 'Histórico' on the sample page (issue 28): every state change, every edit
 * after Finalizar and every comment, oldest first, as the server keeps
 * them (`GET api/sample/{id}/history`). The history is not kept on the
 * device: it is read online when the page opens (and again on 'Atualizar',
 * and when the connection comes back), and offline the section says it
 * needs a connection; the rest of the page never waits for it. The comment box below it
 * (comment-box.tsx) is for users who may write samples; the history reloads
 * once a comment has reached the server.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { sampleHistoryResponseSchema, type SampleEvent } from '@sync/contract/samples';
import { useBrowserOnline } from '@sync/react';
import { useOnlineRead } from '@sync/react/use-online-read';
import { useRecordCommands } from '@sync/react/use-record-commands';
import { errorMessage } from '@/ui/forms';
import { CommentBox } from './comment-box';
import { HistoryEvent } from './history-event';
import { REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS.history;

export interface SampleHistoryProps {
  sampleKey: string;
  /** The sample's server id; null until its create reached the server (no history yet). */
  sampleId: number | null;
  canComment: boolean;
}

export const SampleHistory = memo(function SampleHistory(props: SampleHistoryProps) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={T.title} data-testid="sample-history">
      <Stack gap="sm">
        <Title order={4}>{T.title}</Title>
        <HistoryPanel {...props} />
      </Stack>
    </Card>
  );
});

type Loaded = { state: 'loading' } | { state: 'done'; events: SampleEvent[] } | { state: 'error'; message: string };

function HistoryPanel({ sampleKey, sampleId, canComment }: SampleHistoryProps) {
  const online = useBrowserOnline();
  const read = useOnlineRead();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const comments = useRecordCommands('samples', sampleKey).filter((command) => command.name === 'comment');
  const sendingComments = comments.filter((command) => command.status === 'pending' || command.status === 'in_flight').length;

  const load = useCallback(() => {
    if (sampleId === null) return;
    setLoaded({ state: 'loading' });
    read(`api/sample/${sampleId}/history`, sampleHistoryResponseSchema).then(
      (events) => setLoaded({ state: 'done', events }),
      (error: unknown) => setLoaded({ state: 'error', message: errorMessage(error) }),
    );
  }, [read, sampleId]);

  useEffect(() => {
    if (online) load();
  }, [online, load]);

  // A comment reached the server: it is in the history now.
  const before = useRef(sendingComments);
  useEffect(() => {
    if (sendingComments < before.current && online) load();
    before.current = sendingComments;
  }, [sendingComments, online, load]);

  if (sampleId === null) return <Text c="dimmed">{T.notSent}</Text>;
  if (!online) return <Text c="dimmed">{T.offline}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button variant="default" mih={44} onClick={load} disabled={loaded.state === 'loading'}>
          {T.reload}
        </Button>
      </Group>
      {loaded.state === 'loading' ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{T.loading}</Text>
        </Group>
      ) : loaded.state === 'error' ? (
        <Text c="red">{loaded.message}</Text>
      ) : loaded.events.length === 0 ? (
        <Text c="dimmed">{T.empty}</Text>
      ) : (
        loaded.events.map((event) => <HistoryEvent key={event.id} event={event} />)
      )}
      {canComment ? <CommentBox sampleKey={sampleKey} comments={comments} /> : null}
    </Stack>
  );
}
