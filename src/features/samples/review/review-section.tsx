/**
 * 'Revisão' on the sample page: the review steps this user may take now
 * (review-view.ts, the contract's rules), each a 44 px button; Devolver,
 * Cancelar and Invalidar ask the reason, Aprovar, Concluir laboratório and
 * Emitir a confirmation. The steps need the server: offline a click is
 * refused at once with the plain message, nothing queued. Online the step
 * is queued in the sample's chain (after any change of it not sent yet, so
 * a reviewer's correction reaches the server before the approval) and sent
 * at once; the section then says it is being sent, and, when the server
 * refuses it, its reason with 'Tentar novamente' and 'Descartar a ação'
 * (a refused step changes nothing on the device). Finalizar's own queued
 * command shows here the same way. Nothing to show: no section.
 */
import { memo, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { REVIEW_ACTION_LABELS, REVIEW_RULES, type ReviewAction } from '@sync/contract/samples';
import { COMMAND_MESSAGES, useBrowserOnline, type RecordCommand } from '@sync/react';
import { useRecordCommands } from '@sync/react/use-record-commands';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { alertDanger } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { ActionConfirmModal } from './action-confirm-modal';
import { ReasonModal } from './reason-modal';
import type { ReviewView } from './review-view';
import { type ConfirmAction, type ReasonAction, REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS;

/** The commands this section follows: Finalizar and the review steps (comments are the history's). */
const FOLLOWED = new Set(['finalize', 'review']);

function commandLabel(command: RecordCommand): string {
  if (command.name === 'finalize') return REVIEW_ACTION_LABELS.finalize;
  const action = command.payload.action;
  return typeof action === 'string' && action in REVIEW_ACTION_LABELS ? REVIEW_ACTION_LABELS[action as ReviewAction] : T.section;
}

export interface ReviewSectionProps {
  sampleKey: string;
  view: Pick<ReviewView, 'actions' | 'hints'>;
}

export const ReviewSection = memo(function ReviewSection({ sampleKey, view }: ReviewSectionProps) {
  const commands = useRecordCommands('samples', sampleKey).filter((command) => FOLLOWED.has(command.name));
  const { runCommand, syncNow, retryEntry, discardEntry } = useSyncActions();
  const online = useBrowserOnline();
  const [asking, setAsking] = useState<ReviewAction | null>(null);
  const [sending, setSending] = useState(false);
  if (view.actions.length === 0 && view.hints.length === 0 && commands.length === 0) return null;

  const ask = (action: ReviewAction) => {
    // Refused before any typing: a review step cannot wait for a connection.
    if (!online) alertDanger(COMMAND_MESSAGES.needsConnection);
    else setAsking(action);
  };
  const send = async (action: ReviewAction, reason?: string) => {
    setSending(true);
    try {
      await runCommand('samples', sampleKey, 'review', reason === undefined ? { action } : { action, reason });
      setAsking(null);
      await syncNow();
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  const act = (work: Promise<unknown>) => void work.then(() => syncNow()).catch((error: unknown) => alertDanger(errorMessage(error)));

  return (
    <Card withBorder padding="md" radius="md" data-testid="sample-review">
      <Stack gap="sm">
        <Title order={4}>{T.section}</Title>
        {view.actions.length > 0 ? (
          <Group gap="sm">
            {view.actions.map((action) => (
              <Button
                key={action}
                mih={44}
                variant={action === 'approve' ? 'filled' : 'light'}
                color={REVIEW_RULES[action].reason ? 'red' : action === 'approve' ? 'green' : undefined}
                disabled={sending}
                onClick={() => ask(action)}
              >
                {REVIEW_ACTION_LABELS[action]}
              </Button>
            ))}
          </Group>
        ) : null}
        {view.hints.map((hint) => (
          <Text key={hint} size="sm" c="dimmed">
            {hint}
          </Text>
        ))}
        {commands.map((command) =>
          command.status === 'failed' || command.status === 'conflict' ? (
            <Alert key={command.seq} color="red" variant="light" title={T.refused(commandLabel(command))} data-testid="review-refused">
              <Stack gap="xs">
                {command.message ? <Text size="sm">{command.message}</Text> : null}
                <Group gap="sm">
                  <Button variant="default" mih={44} onClick={() => act(retryEntry(command.seq))}>
                    {T.retry}
                  </Button>
                  <Button variant="subtle" color="red" mih={44} onClick={() => act(discardEntry(command.seq))}>
                    {T.discard}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Text key={command.seq} size="sm" c="blue" data-testid="review-sending">
              {command.status === 'in_flight' ? T.sending(commandLabel(command)) : T.waiting(commandLabel(command))}
            </Text>
          ),
        )}
      </Stack>
      {asking && REVIEW_RULES[asking].reason ? (
        <ReasonModal
          opened
          title={T.reasonTitle[asking as ReasonAction]}
          intro={T.reasonIntro[asking as ReasonAction]}
          confirmLabel={REVIEW_ACTION_LABELS[asking]}
          loading={sending}
          onConfirm={(reason) => void send(asking, reason)}
          onCancel={() => setAsking(null)}
        />
      ) : asking ? (
        <ActionConfirmModal
          opened
          title={T.confirmTitle[asking as ConfirmAction]}
          message={T.confirmMessage[asking as ConfirmAction]}
          confirmLabel={REVIEW_ACTION_LABELS[asking]}
          loading={sending}
          onConfirm={() => void send(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Card>
  );
});
