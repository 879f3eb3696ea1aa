/**
 * One unsent change on the sync page: which record (resource and name),
 * which operation, its state, attempts, the last error and the next try,
 * what it waits for, and the actions that fit its state — retry and discard,
 * or for a conflict one question per leaf changed on both sides (with its
 * label: 'Caracterização — Matrícula'), a choice per question ('Aplicar
 * escolhas') and 'Manter a minha' / 'Usar a do servidor' for all of them at
 * once. A change being sent right now offers no action.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import type { ConflictChoice, FieldChoice, OutboxStatus, PendingChange } from '@sync/react';
import { ConflictVersions } from './conflict-versions';
import { formatDateTime } from './format-sync-value';
import { OPERATION_NAMES, SYNC_TEXTS } from './sync-texts';

const STATUS_COLORS: Record<OutboxStatus, string> = {
  pending: 'yellow',
  in_flight: 'blue',
  failed: 'red',
  conflict: 'orange',
};

export interface ChangeCardProps {
  change: PendingChange;
  /** True while an action on this change runs (its buttons wait). */
  busy: boolean;
  onRetry: (change: PendingChange) => void;
  onDiscard: (change: PendingChange) => void;
  onResolve: (change: PendingChange, choice: ConflictChoice) => void;
}

function errorLines(change: PendingChange): string[] {
  if (!change.error) return [];
  const details = Object.values(change.error.fields ?? {}).flat();
  return [...new Set([change.error.message, ...details])];
}

export function ChangeCard({ change, busy, onRetry, onDiscard, onResolve }: ChangeCardProps) {
  const errors = errorLines(change);
  const canRetry = change.status === 'failed' || (change.status === 'pending' && change.nextAttemptAt !== null);
  const canDiscard = change.status === 'pending' || change.status === 'failed';
  const [choices, setChoices] = useState<Record<string, FieldChoice>>({});
  // Per-field choice for an update with fields changed on both sides; a delete is all or nothing.
  const perField = change.status === 'conflict' && change.op === 'update' && (change.conflict?.length ?? 0) > 0;
  const allChosen = perField && change.conflict!.every((field) => choices[field.field] !== undefined);
  return (
    <Card withBorder radius="md" padding="md" data-testid="sync-change" data-seq={change.seq}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" color="gray" tt="none" radius="sm">
              {change.resourceLabel}
            </Badge>
            <Text fw={600} data-testid="sync-change-title">
              {change.title || '(sem nome)'}
            </Text>
          </Group>
          <Group gap="xs">
            <Badge variant="light" color="cyan" tt="none" radius="sm">
              {change.op === 'command' ? change.opLabel : OPERATION_NAMES[change.op]}
            </Badge>
            <Badge variant="light" color={STATUS_COLORS[change.status]} tt="none" radius="sm">
              {change.statusLabel}
            </Badge>
          </Group>
        </Group>

        <Group gap="lg" wrap="wrap">
          <Text size="sm" c="dimmed">
            {SYNC_TEXTS.attempts}: {change.attempts}
          </Text>
          {change.nextAttemptAt !== null ? (
            <Text size="sm" c="dimmed">
              {SYNC_TEXTS.nextAttempt}: {formatDateTime(change.nextAttemptAt)}
            </Text>
          ) : null}
        </Group>

        {change.waitingFor ? (
          <Text size="sm">
            {SYNC_TEXTS.waitingFor} {change.waitingFor.resourceLabel} "{change.waitingFor.title}".
          </Text>
        ) : null}

        {change.status === 'conflict' && errors.length > 0 ? (
          // Not an error: the server's record moved on; the choice below settles it.
          <Text size="sm" c="orange.9">
            {errors[0]}
          </Text>
        ) : errors.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              {SYNC_TEXTS.lastError}:
            </Text>
            {errors.length === 1 ? (
              <Text size="sm" c="red.8">
                {errors[0]}
              </Text>
            ) : (
              <List size="sm" c="red.8">
                {errors.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
          </div>
        ) : null}

        {change.status === 'conflict' && change.conflict ? (
          <ConflictVersions
            fields={change.conflict}
            op={change.op}
            {...(perField
              ? { choices, onChoose: (field: string, choice: FieldChoice) => setChoices((current) => ({ ...current, [field]: choice })) }
              : {})}
            disabled={busy}
          />
        ) : null}

        <Group gap="xs" justify="flex-end">
          {change.status === 'conflict' ? (
            <>
              <Button size="xs" variant="default" loading={busy} onClick={() => onResolve(change, 'theirs')}>
                {SYNC_TEXTS.useServer}
              </Button>
              <Button size="xs" loading={busy} onClick={() => onResolve(change, 'mine')}>
                {SYNC_TEXTS.keepMine}
              </Button>
              {perField ? (
                <Button size="xs" variant="filled" color="teal" loading={busy} disabled={!allChosen} onClick={() => onResolve(change, choices)}>
                  {SYNC_TEXTS.applyChoices}
                </Button>
              ) : null}
            </>
          ) : null}
          {canRetry ? (
            <Button size="xs" variant="light" loading={busy} onClick={() => onRetry(change)}>
              {SYNC_TEXTS.retry}
            </Button>
          ) : null}
          {canDiscard ? (
            <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => onDiscard(change)}>
              {SYNC_TEXTS.discard}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
