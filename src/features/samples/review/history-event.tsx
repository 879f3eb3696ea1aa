/**
 * One event of a sample's history: the step, who, when, from which device,
 * the reason and, for an edit, each changed field's label with its value
 * before and after.
 */
import { memo } from 'react';
import { Group, List, Paper, Stack, Text } from '@mantine/core';
import type { SampleEvent } from '@sync/contract/samples';
import { eventTitle, eventWhen, valueText } from './history-format';
import { REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS.history;

export const HistoryEvent = memo(function HistoryEvent({ event }: { event: SampleEvent }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="history-event">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{eventTitle(event)}</Text>
          <Text size="sm" c="dimmed">
            {eventWhen(event)}
          </Text>
        </Group>
        <Text size="sm">
          {event.user_name}
          {event.device ? ` · ${T.device(event.device)}` : ''}
        </Text>
        {event.reason ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {event.kind === 'comment' ? event.reason : `${T.reason}: ${event.reason}`}
          </Text>
        ) : null}
        {event.changes.length > 0 ? (
          <List size="sm" spacing={2} aria-label={T.changes}>
            {event.changes.map((change) => (
              <List.Item key={change.path}>
                <Text span size="sm" fw={500}>
                  {change.label}:
                </Text>{' '}
                {valueText(change.before)} → {valueText(change.after)}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
});
