/**
 * The history's comment box: append-only (no comment is edited or removed,
 * the hint says so). A comment needs the server, like the review steps: it
 * is refused at once offline; online it is queued in the sample's chain and
 * sent at once, shown as being sent until the server has it (then the
 * history reloads), and a refused one shows the server's reason with a way
 * to drop it.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { RecordCommand } from '@sync/react';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { alertDanger } from '@/ui/alerts';
import { errorMessage, fieldErrorsOf } from '@/ui/forms';
import { REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS;

export function CommentBox({ sampleKey, comments }: { sampleKey: string; comments: readonly RecordCommand[] }) {
  const { runCommand, syncNow, discardEntry } = useSyncActions();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await runCommand('samples', sampleKey, 'comment', { text });
      setText('');
      setError(null);
      await syncNow();
    } catch (caught) {
      const field = fieldErrorsOf(caught).text;
      if (field) setError(field);
      else alertDanger(errorMessage(caught));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      {comments.map((comment) =>
        comment.status === 'failed' || comment.status === 'conflict' ? (
          <Alert key={comment.seq} color="red" variant="light" title={T.refused(T.history.comment)}>
            <Stack gap="xs">
              <Text size="sm">{String(comment.payload.text ?? '')}</Text>
              {comment.message ? <Text size="sm">{comment.message}</Text> : null}
              <Button
                variant="subtle"
                color="red"
                mih={44}
                w="fit-content"
                onClick={() => void discardEntry(comment.seq).catch((e: unknown) => alertDanger(errorMessage(e)))}
              >
                {T.discard}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Text key={comment.seq} size="sm" c="blue" data-testid="comment-sending">
            {T.sending(T.history.comment)} {String(comment.payload.text ?? '')}
          </Text>
        ),
      )}
      <Textarea
        label={T.history.newComment}
        description={T.history.commentHint}
        rows={3}
        resize="vertical"
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button mih={44} loading={sending} onClick={() => void send()}>
          {T.history.send}
        </Button>
      </Group>
    </Stack>
  );
}
